import { join } from 'node:path';
import { createAppContext } from './app-context.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openPglite, openPostgres } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { JobRunnerLogger } from './jobs/job-runner.ts';
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
    const { context, jobs } = createAppContext({
      config,
      db: database.db,
      logger,
      extraOrigins: localOrigins(config),
    });
    return { context, database, jobs };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Origins trusted besides PUBLIC_URL's: with PUBLIC_URL unset the site is reached on this machine
 * under either local name; once PUBLIC_URL is set, only that origin is trusted.
 */
export function localOrigins(config: Config): string[] {
  if (config.publicUrlFromEnv) return [];
  return [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`];
}
