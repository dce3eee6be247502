import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { SUBMISSION_MAX_BYTES } from '../../../common/limits.ts';

/** Unfinished uploads are kept this long, then removed (a weak connection may resume until then). */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
export const UPLOADS_PATH = '/api/uploads';

export type ResumableUploads = ReturnType<typeof createResumableUploads>;

/**
 * The tus 1.0 endpoint submitters send file bytes to: a dropped connection resumes from the last
 * byte received instead of starting over. Bytes are spooled in DATA_DIR/uploads; a finished upload
 * becomes a submission through POST /api/submissions (the one ingest path), which removes it.
 */
export function createResumableUploads(dataDir: string) {
  const directory = join(dataDir, 'uploads');
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
  const server = new Server({
    path: UPLOADS_PATH,
    datastore,
    maxSize: SUBMISSION_MAX_BYTES,
    relativeLocation: true,
  });
  return {
    server,
    /** The finished upload's file and original name, or null while bytes are still missing. */
    async finished(id: string): Promise<{ path: string; fileName: string } | null> {
      const upload = await datastore.getUpload(id);
      if (upload.size === undefined || upload.offset !== upload.size) return null;
      return { path: join(directory, id), fileName: upload.metadata?.filename ?? 'file' };
    },
    remove: (id: string) => datastore.remove(id).catch(() => {}),
    /**
     * Removes every upload older than a day. tus' own sweep keeps finished uploads forever, but
     * one that was never turned into a submission (the sender left) must go as well.
     */
    async removeExpired(now = Date.now()): Promise<number> {
      let names: string[];
      try {
        names = await readdir(directory);
      } catch {
        return 0;
      }
      let removed = 0;
      for (const name of names.filter((n) => n.endsWith('.json'))) {
        const id = name.slice(0, -'.json'.length);
        try {
          const info = JSON.parse(await readFile(join(directory, name), 'utf8')) as {
            creation_date?: string;
          };
          const created = info.creation_date ? Date.parse(info.creation_date) : Number.NaN;
          if (Number.isFinite(created) && now - created > UPLOAD_EXPIRY_MS) {
            await datastore.remove(id);
            removed += 1;
          }
        } catch {
          // Being written or already gone: the next sweep looks again.
        }
      }
      return removed;
    },
  };
}
