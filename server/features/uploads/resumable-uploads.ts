import type { IncomingMessage } from 'node:http';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import {
  SUBMISSION_MAX_BYTES,
  SUBMISSION_MAX_FILES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
} from '#common/limits.ts';

/**
 * An upload nobody touched for this long (no byte received, not claimed), finished or not, is
 * removed: a weak connection that dropped resumes within it, an abandoned upload stops taking room.
 */
export const UPLOAD_EXPIRY_MS = 2 * 60 * 60 * 1000;
/** However active, an upload is removed a day after it was created. */
export const UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** All uploads together (declared sizes) may take at most this much of DATA_DIR. */
export const UPLOAD_AREA_MAX_BYTES = 5 * 1024 * 1024 * 1024;
/**
 * What one sender (an anonymous address's /64 or /32, or an account) may have outstanding: a full
 * batch of the submit screen for an address, twice that for an account, a full batch of the
 * upload screen for staff who manage media.
 */
export const UPLOAD_OUTSTANDING_MAX_BYTES = {
  anonymous: SUBMISSION_MAX_FILES * SUBMISSION_MAX_BYTES,
  account: 2 * SUBMISSION_MAX_FILES * SUBMISSION_MAX_BYTES,
  staff: UPLOAD_MAX_FILES * UPLOAD_MAX_BYTES,
};
/** Where the tus endpoint is served (the uploads feature's prefix). */
export const UPLOADS_PATH = '/api/uploads';

export type ResumableUploads = ReturnType<typeof createResumableUploads>;

/** Who made an upload (only they may continue, inspect, delete or claim it) and whose allowance it uses. */
export interface UploadStamp {
  owner: string;
  quotaKey: string;
  /** The largest file this sender may upload. */
  maxBytes: number;
}

/** Why a new upload does not fit. */
export type QuotaRefusal = 'sender' | 'area';

/**
 * The tus 1.0 endpoint submitters send file bytes to: a dropped connection resumes from the last
 * byte received instead of starting over. Bytes are spooled in DATA_DIR/uploads; a finished upload
 * becomes a submission through POST /api/submissions (the one ingest path), which removes it.
 * The owner and allowance key of each upload are written into its metadata by the server (the
 * client's own metadata keeps only the file's name and type).
 */
export function createResumableUploads(dataDir: string, options: { maxAreaBytes?: number } = {}) {
  const directory = join(dataDir, 'uploads');
  const maxAreaBytes = options.maxAreaBytes ?? UPLOAD_AREA_MAX_BYTES;
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_MAX_AGE_MS });
  /** Set by the route for the request that creates an upload; read back in onUploadCreate. */
  const stamps = new WeakMap<IncomingMessage, UploadStamp>();
  /** Sizes of uploads being created right now (not yet on disk), per allowance key. */
  const reserved = new Map<string, number>();

  const stampOf = (req: unknown) => {
    const raw = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    return raw ? stamps.get(raw) : undefined;
  };

  const server = new Server({
    path: UPLOADS_PATH,
    datastore,
    // The sender's own limit when an upload is created (the route stamps the request); continuing
    // one is bound by its declared length (every upload declares it), so the default never binds.
    maxSize: (req) => stampOf(req)?.maxBytes ?? SUBMISSION_MAX_BYTES,
    relativeLocation: true,
    // Same-origin only: no Access-Control-Allow-Origin for any other site.
    allowedOrigins: () => false,
    async onUploadCreate(req, upload) {
      const stamp = stampOf(req);
      if (!stamp) throw { status_code: 403, body: 'Forbidden\n' };
      return {
        metadata: {
          filename: upload.metadata?.filename ?? null,
          filetype: upload.metadata?.filetype ?? null,
          owner: stamp.owner,
          quota: stamp.quotaKey,
        },
      };
    },
  });

  async function listUploads() {
    let names: string[];
    try {
      names = await readdir(directory);
    } catch {
      return [];
    }
    const uploads: { id: string; size: number; quotaKey: string | undefined; created: number }[] = [];
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      try {
        const info = JSON.parse(await readFile(join(directory, name), 'utf8')) as {
          size?: number;
          creation_date?: string;
          metadata?: Record<string, string | null>;
        };
        uploads.push({
          id: name.slice(0, -'.json'.length),
          size: Number(info.size ?? 0),
          quotaKey: info.metadata?.quota ?? undefined,
          created: info.creation_date ? Date.parse(info.creation_date) : Number.NaN,
        });
      } catch {
        // Being written or already gone.
      }
    }
    return uploads;
  }

  return {
    server,
    /** Marks the request that creates an upload with its owner (the route does, before tus runs). */
    stamp(raw: IncomingMessage, stamp: UploadStamp) {
      stamps.set(raw, stamp);
    },
    /**
     * Holds room for a new upload of `length` bytes, or says why there is none: the sender's
     * outstanding bytes, or the whole area's, would pass their cap. Call `release` once the upload
     * exists on disk (or failed), which then counts instead.
     */
    async reserve(
      quotaKey: string,
      length: number,
      maxForKey: number,
    ): Promise<{ release: () => void } | { refused: QuotaRefusal }> {
      const uploads = await listUploads();
      // Nothing is awaited between reading the reservations and adding this one, so parallel
      // requests each see the others (an upload on disk and still reserved counts twice: safe).
      let area = 0;
      let mine = 0;
      for (const upload of uploads) {
        area += upload.size;
        if (upload.quotaKey === quotaKey) mine += upload.size;
      }
      for (const [key, bytes] of reserved) {
        area += bytes;
        if (key === quotaKey) mine += bytes;
      }
      if (mine + length > maxForKey) return { refused: 'sender' };
      if (area + length > maxAreaBytes) return { refused: 'area' };
      reserved.set(quotaKey, (reserved.get(quotaKey) ?? 0) + length);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          const left = (reserved.get(quotaKey) ?? 0) - length;
          if (left > 0) reserved.set(quotaKey, left);
          else reserved.delete(quotaKey);
        },
      };
    },
    /** The owner recorded when the upload was created; undefined for an unknown upload. */
    async ownerOf(id: string): Promise<string | undefined> {
      try {
        return (await datastore.getUpload(id)).metadata?.owner ?? '';
      } catch {
        return undefined;
      }
    },
    /** The finished upload's file, original name and owner, or null while bytes are still missing. */
    async finished(id: string): Promise<{ path: string; fileName: string; owner: string } | null> {
      const upload = await datastore.getUpload(id);
      if (upload.size === undefined || upload.offset !== upload.size) return null;
      return {
        path: join(directory, id),
        fileName: upload.metadata?.filename ?? 'file',
        owner: upload.metadata?.owner ?? '',
      };
    },
    remove: (id: string) => datastore.remove(id).catch(() => {}),
    /**
     * Removes every upload untouched for UPLOAD_EXPIRY_MS or older than UPLOAD_MAX_AGE_MS. tus' own
     * sweep keeps finished uploads forever, but one never turned into a submission must go too.
     */
    async removeExpired(now = Date.now()): Promise<number> {
      let removed = 0;
      for (const upload of await listUploads()) {
        try {
          const touched = Math.max(
            (await stat(join(directory, `${upload.id}.json`))).mtimeMs,
            (await stat(join(directory, upload.id)).catch(() => ({ mtimeMs: 0 }))).mtimeMs,
          );
          const tooOld = Number.isFinite(upload.created) && now - upload.created > UPLOAD_MAX_AGE_MS;
          if (tooOld || now - touched > UPLOAD_EXPIRY_MS) {
            await datastore.remove(upload.id);
            removed += 1;
          }
        } catch {
          // Already gone: nothing to do.
        }
      }
      return removed;
    },
  };
}
