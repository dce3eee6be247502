import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTooLargeMessage } from '#common/file-types.ts';
import { IngestError } from './ingest-error.ts';

export interface ReceivedFile {
  path: string;
  size: number;
  sha256: string;
}

/**
 * Streams an upload into a temporary file, hashing it and counting bytes as they arrive, so memory
 * stays flat whatever the size and an oversized file is stopped at the first byte past the limit.
 */
export async function receiveToTempFile(
  source: Readable,
  tmpDir: string,
  maxBytes: number,
): Promise<ReceivedFile> {
  await mkdir(tmpDir, { recursive: true });
  const path = join(tmpDir, `upload-${randomUUID()}`);
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(new IngestError('file_too_large', fileTooLargeMessage(maxBytes), 413));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, createWriteStream(path, { flags: 'wx' }));
  } catch (error) {
    await rm(path, { force: true });
    // A stream cut by the client or a truncating parser surfaces here.
    if (error instanceof IngestError) throw error;
    throw new IngestError(
      'upload_interrupted',
      'The upload was interrupted before the whole file arrived.',
      400,
    );
  }
  if ((source as Readable & { truncated?: boolean }).truncated) {
    await rm(path, { force: true });
    throw new IngestError('file_too_large', fileTooLargeMessage(maxBytes), 413);
  }
  return { path, size, sha256: hash.digest('hex') };
}
