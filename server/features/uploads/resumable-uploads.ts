import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { type Locker, Server } from '@tus/server';
import {
  SUBMISSION_MAX_BYTES,
  SUBMISSION_MAX_FILES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
} from '#common/limits.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import type { UploadPool } from '#server/db/schema.ts';
import {
  deleteReservationsBefore,
  deleteUploadRow,
  listExpiredUploads,
  recordUpload,
  reserveUploadRoom,
  touchUpload,
} from './resumable-uploads.repository.ts';
import { S3UploadStore } from './s3-upload-store.ts';

/**
 * An upload nobody touched for this long (no byte received, not claimed), finished or not, is
 * removed: a weak connection that dropped resumes within it, an abandoned upload stops taking room.
 */
export const UPLOAD_EXPIRY_MS = 2 * 60 * 60 * 1000;
/** However active, an upload is removed a day after it was created. */
export const UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/**
 * What the uploads of each pool together (declared sizes) may take: the public's and staff's
 * (who manage media) are counted apart, so however many senders fill the public's, staff still
 * upload.
 */
export const UPLOAD_AREA_MAX_BYTES: Record<UploadPool, number> = {
  public: 5 * 1024 * 1024 * 1024,
  staff: 5 * 1024 * 1024 * 1024,
};
/**
 * An upload that has received no byte this long after it was created holds no room any more (and
 * the sweep removes it): room is reserved by sending, not by asking. A sender's file starts
 * within seconds of being created; a connection that drops before the first byte creates anew.
 */
export const UPLOAD_IDLE_MS = 5 * 60 * 1000;
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
/** A reservation lives while its upload is created (a request); older ones were left by a killed process. */
const RESERVATION_MAX_AGE_MS = 60 * 60 * 1000;
/** Where the tus endpoint is served (the uploads feature's prefix). */
export const UPLOADS_PATH = '/api/uploads';

export type ResumableUploads = ReturnType<typeof createResumableUploads>;

declare module '#server/http/context.ts' {
  interface AppContext {
    /** Resumable (tus) uploads spooled in DATA_DIR/uploads until they become submissions. */
    uploads: ResumableUploads;
  }
}

/** The sizes and times above, set otherwise by the configuration (and tests). */
export interface UploadLimits {
  areaBytes: Record<UploadPool, number>;
  idleMs: number;
}

/** Who made an upload (only they may continue, inspect, delete or claim it) and whose allowance it uses. */
export interface UploadStamp {
  owner: string;
  quotaKey: string;
  pool: UploadPool;
  /** The largest file this sender may upload. */
  maxBytes: number;
  /** The room reserved for it: the upload takes its place when it is recorded. */
  reservationId?: string;
}

/** Room held for a new upload until it is recorded (in one transaction with its reservation's end) or fails. */
export interface Reservation {
  id: string;
  release: () => Promise<void>;
}

/** Why a new upload does not fit. */
export type QuotaRefusal = 'sender' | 'area';

/**
 * The tus 1.0 endpoint submitters send file bytes to: a dropped connection resumes from the last
 * byte received instead of starting over. Bytes are spooled in DATA_DIR/uploads, or with S3 in the
 * bucket (s3-upload-store.ts) (so any instance can continue an upload another began); a finished
 * upload becomes a submission through POST /api/submissions (the one ingest path), which removes
 * it. The owner and allowance key of each upload are written into its metadata by the server (the
 * client's own metadata keeps only the file's name and type); its declared size and last activity
 * are rows of resumable_uploads, which every instance counts. With `locker` (several instances on
 * PostgreSQL: server/db/advisory-locker.ts) requests on one upload are serialized across them.
 */
export function createResumableUploads(options: {
  dataDir: string;
  db: Db;
  /** Where a finished upload in S3 is fetched to before it is ingested. */
  tmpDir: string;
  s3?: Config['s3'];
  locker?: { locker: Locker; close(): Promise<void> };
  limits?: Partial<UploadLimits>;
}) {
  const { db } = options;
  const directory = join(options.dataDir, 'uploads');
  const limits: UploadLimits = {
    areaBytes: options.limits?.areaBytes ?? UPLOAD_AREA_MAX_BYTES,
    idleMs: options.limits?.idleMs ?? UPLOAD_IDLE_MS,
  };
  const datastore = forgettingOnRemove(
    options.s3
      ? new S3UploadStore(options.s3, options.tmpDir)
      : new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_MAX_AGE_MS }),
    (id) => deleteUploadRow(db, id),
  );
  /** Set by the route for the request that creates an upload; read back in onUploadCreate. */
  const stamps = new WeakMap<IncomingMessage, UploadStamp>();

  const stampOf = (req: unknown) => {
    const raw = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    return raw ? stamps.get(raw) : undefined;
  };

  const server = new Server({
    path: UPLOADS_PATH,
    datastore,
    ...(options.locker ? { locker: options.locker.locker } : {}),
    // The sender's own limit when an upload is created (the route stamps the request); continuing
    // one is bound by its declared length (every upload declares it), so the default never binds.
    maxSize: (req) => stampOf(req)?.maxBytes ?? SUBMISSION_MAX_BYTES,
    relativeLocation: true,
    // Same-origin only: no Access-Control-Allow-Origin for any other site.
    allowedOrigins: () => false,
    async onUploadCreate(req, upload) {
      const stamp = stampOf(req);
      if (!stamp) throw { status_code: 403, body: 'Forbidden\n' };
      // The upload's row and the end of its reservation in one transaction.
      await db.transaction().execute((trx) =>
        recordUpload(trx, {
          id: upload.id,
          quotaKey: stamp.quotaKey,
          pool: stamp.pool,
          size: upload.size ?? 0,
          // Creation with upload: its first bytes come with this request.
          received: Number(req.headers.get('content-length') ?? 0) > 0,
          replaces: stamp.reservationId,
        }),
      );
      return {
        metadata: {
          filename: upload.metadata?.filename ?? null,
          filetype: upload.metadata?.filetype ?? null,
          owner: stamp.owner,
          quota: stamp.quotaKey,
        },
      };
    },
    async onIncomingRequest(req, id) {
      if (req.method === 'PATCH') await touchUpload(db, id);
    },
    async onUploadFinish(_req, upload) {
      await touchUpload(db, upload.id);
      return {};
    },
  });

  /**
   * Uploads on disk from before their rows were kept (migration 0012) are in no row: each goes once
   * its description (written when it was made) is older than UPLOAD_MAX_AGE_MS.
   */
  const removeOldFiles = async (now: number) => {
    let removed = 0;
    for (const name of await readdir(directory).catch(() => [])) {
      if (!name.endsWith('.json')) continue;
      const made = await stat(join(directory, name)).catch(() => undefined);
      if (made && now - made.mtimeMs > UPLOAD_MAX_AGE_MS) {
        await remove(name.slice(0, -'.json'.length));
        removed += 1;
      }
    }
    return removed;
  };

  const remove = async (id: string) => {
    await datastore.remove(id).catch(() => {});
    await deleteUploadRow(db, id);
  };
  const idleBefore = (now: number) => new Date(now - limits.idleMs);

  return {
    server,
    limits,
    /** Marks the request that creates an upload with its owner (the route does, before tus runs). */
    stamp(raw: IncomingMessage, stamp: UploadStamp) {
      stamps.set(raw, stamp);
    },
    /**
     * Holds room for a new upload of `length` bytes, or says why there is none: the sender's
     * outstanding bytes, or its pool's, would pass their cap. Call `release` once the upload
     * exists (or failed), which then counts instead. Every instance counts the same rows.
     */
    async reserve(
      { quotaKey, pool }: Pick<UploadStamp, 'quotaKey' | 'pool'>,
      length: number,
      maxForKey: number,
    ): Promise<Reservation | { refused: QuotaRefusal }> {
      // One transaction holds the table lock from the count to the reservation's row.
      const result = await db.transaction().execute((trx) =>
        reserveUploadRoom(trx, {
          quotaKey,
          pool,
          length,
          maxForKey,
          maxArea: limits.areaBytes[pool],
          idleBefore: idleBefore(Date.now()),
        }),
      );
      if ('refused' in result) return result;
      let released = false;
      return {
        id: result.id,
        async release() {
          if (released) return;
          released = true;
          await deleteUploadRow(db, result.id);
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
    /**
     * The finished upload's file (fetched from S3 into tmpDir first: `discard` removes that copy),
     * original name and owner, or null while bytes are still missing.
     */
    async finished(
      id: string,
    ): Promise<{ path: string; fileName: string; owner: string; discard: () => Promise<void> } | null> {
      const upload = await datastore.getUpload(id);
      if (upload.size === undefined || upload.offset !== upload.size) return null;
      const described = {
        fileName: upload.metadata?.filename ?? 'file',
        owner: upload.metadata?.owner ?? '',
      };
      if (!options.s3) return { path: join(directory, id), ...described, discard: async () => {} };
      await mkdir(options.tmpDir, { recursive: true });
      const path = join(options.tmpDir, `resumable-${id}`);
      try {
        await pipeline(await datastore.read(id), createWriteStream(path));
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
      return { path, ...described, discard: () => rm(path, { force: true }) };
    },
    remove,
    /**
     * Removes every upload untouched for UPLOAD_EXPIRY_MS, older than UPLOAD_MAX_AGE_MS (tus'
     * own sweep keeps finished uploads forever, but one never turned into a submission must go
     * too) or without a byte after `limits.idleMs`, and reservations a killed process left.
     */
    async removeExpired(now = Date.now()): Promise<number> {
      const expired = await listExpiredUploads(db, {
        untouchedSince: new Date(now - UPLOAD_EXPIRY_MS),
        createdBefore: new Date(now - UPLOAD_MAX_AGE_MS),
        idleBefore: idleBefore(now),
      });
      for (const id of expired) await remove(id);
      await deleteReservationsBefore(db, new Date(now - RESERVATION_MAX_AGE_MS));
      return expired.length + (datastore instanceof FileStore ? await removeOldFiles(now) : 0);
    },
    /** Ends the shared lock's connections. */
    close: async () => options.locker?.close(),
  };
}

/**
 * The store, whose `remove` (tus' DELETE among others) also forgets the upload's row, so the room
 * it held is free the moment the sender is told it is gone, not at the next sweep.
 */
function forgettingOnRemove<T extends FileStore | S3UploadStore>(
  store: T,
  forget: (id: string) => Promise<void>,
): T {
  const remove = store.remove.bind(store);
  store.remove = async (id: string) => {
    await remove(id);
    await forget(id);
  };
  return store;
}
