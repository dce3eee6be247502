import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { ResumableUploads } from '../features/uploads/resumable-uploads.ts';

/** What every feature gets: the parts of the running service, created once at start. */
export interface AppContext {
  config: Config;
  db: Db;
  auth: Auth;
  blobs: BlobStore;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  /** Where uploads are spooled before they are stored (DATA_DIR/tmp). */
  tmpDir: string;
  /** Resumable (tus) uploads spooled in DATA_DIR/uploads until they become submissions. */
  uploads: ResumableUploads;
  /** The background job queue: wake() after queuing work so it starts at once. */
  jobs: { wake(): void };
}
