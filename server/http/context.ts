import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { BlobStore } from '../storage/blob-store.ts';

/**
 * What every feature gets: the parts of the running service, created once at start. A part that
 * belongs to a feature is added by that feature (`declare module`, as `uploads` in
 * features/uploads/resumable-uploads.ts), so http/ imports no feature.
 */
export interface AppContext {
  config: Config;
  db: Db;
  auth: Auth;
  blobs: BlobStore;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** Where uploads are spooled before they are stored (DATA_DIR/tmp). */
  tmpDir: string;
  /** The background job queue: wake() after queuing work (of a kind, or any) so it starts at once. */
  jobs: { wake(kind?: string): void };
}
