import { createHash } from 'node:crypto';
import type { Pack } from 'tar-stream';
import type { SequenceInfo, TableInfo } from '../db/dump.ts';

/**
 * One backup is one uncompressed tar (originals are already compressed media):
 *   backup.json            format, version, when, engine (always the first entry)
 *   db/<table>.ndjson      one JSON row per line (server/db/dump.ts)
 *   files/<key>            every stored file a row points to, byte for byte
 *   manifest.json          SHA-256 and size of every entry above, row counts, sequences,
 *                          migrations (always the last entry: hashes are taken while streaming)
 */
export const BACKUP_FORMAT = 'archive-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  store: 'local' | 's3';
}

export interface ManifestTable extends TableInfo {
  rows: number;
  path: string;
  size: number;
  sha256: string;
}

export interface ManifestFile {
  key: string;
  path: string;
  size: number;
  sha256: string;
  contentType: string;
}

export interface Manifest extends BackupHeader {
  migrations: string[];
  tables: ManifestTable[];
  sequences: SequenceInfo[];
  files: ManifestFile[];
  /** Files rows pointed to that the store did not have when the backup was made. */
  missing: { key: string; owner: string }[];
}

/**
 * The pax header field that carries a stored file's content type (S3 keeps it per object): the
 * freedesktop user.mime_type attribute in the form GNU tar and bsdtar know, so they read it quietly.
 */
export const CONTENT_TYPE_PAX = 'SCHILY.xattr.user.mime_type';

export const tablePath = (table: string) => `db/${table}.ndjson`;
export const filePath = (key: string) => `files/${key}`;

/** Counts and hashes bytes as they stream past. */
export class Fingerprint {
  private readonly hash = createHash('sha256');
  size = 0;
  update(chunk: Uint8Array): void {
    this.hash.update(chunk);
    this.size += chunk.byteLength;
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

/** Writes one entry of known size from a stream, honouring back-pressure; hashes what it wrote. */
export async function writeEntry(
  pack: Pack,
  name: string,
  size: number,
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array>,
  pax?: Record<string, string>,
): Promise<{ size: number; sha256: string }> {
  const fingerprint = new Fingerprint();
  let done!: (error?: Error | null) => void;
  const finished = new Promise<void>((resolve, reject) => {
    done = (error) => (error ? reject(error) : resolve());
  });
  const sink = pack.entry({ name, size, mode: 0o644, mtime: new Date(), ...(pax ? { pax } : {}) }, (error) =>
    done(error),
  );
  try {
    for await (const part of source) {
      const chunk = typeof part === 'string' ? Buffer.from(part) : part;
      fingerprint.update(chunk);
      if (fingerprint.size > size) throw new Error(`${name} grew while it was being backed up`);
      if (!sink.write(chunk)) await new Promise<void>((resolve) => sink.once('drain', () => resolve()));
    }
    if (fingerprint.size !== size) {
      throw new Error(
        `${name} has ${fingerprint.size} bytes, expected ${size} (changed while being backed up?)`,
      );
    }
  } catch (error) {
    sink.destroy(error as Error);
    throw error;
  }
  (sink as unknown as { end(): void }).end();
  await finished;
  return { size: fingerprint.size, sha256: fingerprint.digest() };
}

export async function writeJsonEntry(pack: Pack, name: string, value: unknown): Promise<void> {
  const body = Buffer.from(`${JSON.stringify(value, null, 1)}\n`);
  await writeEntry(pack, name, body.byteLength, [body]);
}
