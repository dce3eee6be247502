import { join } from 'node:path';
import { createAuth } from './auth/auth.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { AppContext } from './http/context.ts';
import { createAdvisoryLocker } from './db/advisory-locker.ts';
import { createViewFlusher } from './features/media/media.public.ts';
import { createResumableUploads } from './features/uploads/uploads.public.ts';
import { createJobRunner } from './jobs/create-job-runner.ts';
import type { JobRunnerLogger } from './jobs/job-runner.ts';
import { createMailer } from './mail/mailer.ts';
import type { BlobStore } from './storage/blob-store.ts';
import { createBlobStore } from './storage/create-blob-store.ts';

/**
 * The parts every feature runs on, made the same way for `npm start`, the scripts and the tests:
 * mail (SMTP or DATA_DIR/outbox), the file store (local or S3, unless one is given), the job
 * queue (not started: the caller starts it, tests drain it) and auth.
 */
export function createAppContext(options: {
  config: Config;
  db: Db;
  logger: JobRunnerLogger;
  blobs?: BlobStore;
  /** Origins besides PUBLIC_URL that auth accepts (local addresses of this server). */
  extraOrigins?: string[];
}) {
  const { config, db, logger } = options;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: join(config.dataDir, 'outbox'),
    logger,
  });
  const blobs = options.blobs ?? createBlobStore({ dataDir: config.dataDir, s3: config.s3 });
  const tmpDir = join(config.dataDir, 'tmp');
  const jobs = createJobRunner({ db, blobs, tmpDir, logger, mailer, publicUrl: config.publicUrl });
  const auth = createAuth({
    db,
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
    extraOrigins: options.extraOrigins ?? [],
    wakeJobs: () => jobs.wake(),
  });
  const uploads = createResumableUploads({
    dataDir: config.dataDir,
    db,
    tmpDir,
    s3: config.s3,
    // Several instances may share PostgreSQL: requests on one upload are serialized across them.
    locker: config.databaseUrl ? createAdvisoryLocker(config.databaseUrl) : undefined,
    limits: config.uploadIdleMs === undefined ? {} : { idleMs: config.uploadIdleMs },
  });
  // Counted views, moved into the items' counts in batches: started by the server (main.ts).
  const views = createViewFlusher(db, {
    onError: (error) => logger.error({ err: error }, 'moving the queued views failed'),
  });
  const context: Omit<AppContext, 'logger'> = {
    config,
    db,
    blobs,
    tmpDir,
    jobs,
    mailer,
    auth,
    uploads,
    views,
  };
  return { context, jobs };
}
