import { join } from 'node:path';
import { createAuth } from './auth/auth.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openPglite, openPostgres } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createJobRunner } from './jobs/create-job-runner.ts';
import type { JobRunnerLogger } from './jobs/job-runner.ts';
import type { AppContext } from './http/context.ts';
import { createMailer } from './mail/mailer.ts';
import { createBlobStore } from './storage/create-blob-store.ts';
import { seedDefaultTexts } from './features/translations/seed-default-texts.ts';

type Logger = JobRunnerLogger;

/** Opens the database (migrated), the file store, mail and auth: everything the app runs on. */
export async function openServices(config: Config, logger: Logger) {
  const database: DatabaseHandle = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(join(config.dataDir, 'db'));
  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) logger.info({ applied }, 'database migrated');
    const addedTexts = await seedDefaultTexts(database.db);
    if (addedTexts.length > 0) logger.info({ added: addedTexts.length }, 'default texts added');
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      logger,
    });
    const blobs = createBlobStore({ dataDir: config.dataDir, s3: config.s3 });
    const tmpDir = join(config.dataDir, 'tmp');
    const jobs = createJobRunner({
      db: database.db,
      blobs,
      tmpDir,
      logger,
      mailer,
      publicUrl: config.publicUrl,
    });
    const context: Omit<AppContext, 'logger'> = {
      config,
      db: database.db,
      blobs,
      tmpDir,
      jobs,
      mailer,
      auth: createAuth({
        db: database.db,
        publicUrl: config.publicUrl,
        secret: config.sessionSecret,
        extraOrigins: [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`],
        mailer,
      }),
    };
    return { context, database, jobs };
  } catch (error) {
    await database.close();
    throw error;
  }
}
