import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { MediaType } from '#common/enums.ts';
import { INGEST_LIMITS, type IngestContext, safeDisplayFileName } from '#common/file-types.ts';
import type { FileMetadata } from '#server/db/schema.ts';
import { type BlobPrefix, type BlobStore, newBlobKey } from '#server/storage/blob-store.ts';
import { BoundedRunError } from '../av/bounded-run.ts';
import { MediaRefusal, probeMedia, refusalOf } from '../av/probe-media.ts';
import { ffmpegAvailable } from '../derivatives/ffmpeg.ts';
import { detectFileType } from '../detect/detect-file-type.ts';
import { IngestError } from './ingest-error.ts';
import type { ImageHashes } from '../perceptual/dhash.ts';
import { probeImage } from './probe-image.ts';
import { receiveToTempFile } from './receive-file.ts';

export interface IngestedFile {
  fileKey: string;
  /** The name the sender's file had, made safe for display; never used as a path. */
  fileName: string;
  fileSize: number;
  mimeType: string;
  mediaType: MediaType;
  sha256: string;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  metadata: FileMetadata | null;
  /** An image's dHashes (server/media/perceptual/dhash.ts), null for other types. */
  hashes: ImageHashes | null;
}

/** The default title of an uploaded file: its name without the extension (admin-back-office.md §5). */

const PREFIX: Record<IngestContext, BlobPrefix> = {
  submission: 'submissions',
  upload: 'media',
  document: 'documents',
};

/**
 * The one way a file enters the archive (submissions, staff uploads, documents): streamed to a
 * temporary file with its SHA-256 and size limit, typed by its content against the context's
 * allow-list, images decoded once to prove them sound, sound and video read with ffprobe and held
 * to their rules (codec, length, pixels: DESIGN §4.8), then the original stored unaltered under a
 * key the server makes. Refusals are IngestErrors naming the file and the reason.
 */
export async function ingestFile(
  deps: { blobs: BlobStore; tmpDir: string },
  source: Readable,
  options: { context: IngestContext; originalName: string },
): Promise<IngestedFile> {
  const fileName = safeDisplayFileName(options.originalName);
  try {
    return await ingest(deps, source, options.context, fileName);
  } catch (error) {
    if (error instanceof IngestError) error.fileName ??= fileName;
    throw error;
  }
}

async function ingest(
  deps: { blobs: BlobStore; tmpDir: string },
  source: Readable,
  context: IngestContext,
  fileName: string,
): Promise<IngestedFile> {
  const received = await receiveToTempFile(source, deps.tmpDir, INGEST_LIMITS[context].maxBytes);
  try {
    const type = await detectFileType(received.path, context, fileName);
    if (!type.ok) throw new IngestError(type.code, type.message, 415);

    let probe: Awaited<ReturnType<typeof probeImage>> | null = null;
    if (type.mediaType === 'image') {
      try {
        probe = await probeImage(received.path, type.mime);
      } catch {
        throw new IngestError(
          'unreadable_image',
          `"${fileName}" could not be read as an image: it is damaged, incomplete or too large.`,
          422,
        );
      }
    }

    if (type.mediaType === 'audio' || type.mediaType === 'video') {
      await checkSoundOrVideo(received.path, type.mime, received.size, fileName);
    }

    const fileKey = newBlobKey(PREFIX[context], type.extension);
    await deps.blobs.putFile(fileKey, received.path, { contentType: type.mime });
    return {
      fileKey,
      fileName,
      fileSize: received.size,
      mimeType: type.mime,
      mediaType: type.mediaType,
      sha256: received.sha256,
      width: probe?.width ?? null,
      height: probe?.height ?? null,
      placeholder: probe?.placeholder ?? null,
      metadata: probe?.metadata ?? null,
      hashes: probe?.hashes ?? null,
    };
  } finally {
    await rm(received.path, { force: true });
  }
}

/**
 * Refuses a sound or video the derivatives job would refuse to decode, while its sender is still
 * there to be told why. One ffprobe cannot read is stored as sent, as before (a damaged recording
 * is still the archive's original); its job then fails once, without decoding. Without ffmpeg
 * nothing is ever decoded, so nothing is asked.
 */
async function checkSoundOrVideo(path: string, mimeType: string, size: number, fileName: string) {
  if (!(await ffmpegAvailable())) return;
  let refusal: MediaRefusal | null;
  try {
    refusal = refusalOf(await probeMedia(path, mimeType), mimeType, size);
  } catch (error) {
    if (error instanceof BoundedRunError || error instanceof MediaRefusal) return;
    throw error;
  }
  if (refusal && refusal.code !== 'unreadable_media') {
    throw new IngestError(refusal.code, refusal.messageFor(fileName), 422);
  }
}

/**
 * Runs the database write for a stored file; if it fails, the file is removed again so no
 * orphan stays in the store.
 */
export async function recordStoredFile<T>(
  blobs: BlobStore,
  file: IngestedFile,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await blobs.delete(file.fileKey).catch(() => {});
    throw error;
  }
}
