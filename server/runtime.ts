import { existsSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { join } from 'node:path';
import { createAppContext } from './app-context.ts';
import type { Config } from './config.ts';
import { type DatabaseHandle, openPglite, openPostgres } from './db/database.ts';
import { startInstanceEvents } from './db/instance-events.ts';
import { migrateToLatest, pendingMigrations } from './db/migrate.ts';
import type { JobRunnerLogger } from './jobs/job-runner.ts';
import { seedDefaultTexts } from './features/translations/translations.public.ts';

type Logger = JobRunnerLogger;

/**
 * Opens the database (migrated), the file store, mail and auth: everything the app runs on. On
 * PostgreSQL, when asked (the server; not the scripts), also the connection that tells the other
 * instances sharing it what changed (`instanceEvents`; close it on shutdown). With `lookOnly`
 * (a dry run) nothing is written: no migration, no default texts, and no archive made where there is
 * none; an archive that would need either is refused (NotMigratedError).
 */
export async function openServices(
  config: Config,
  logger: Logger,
  options: { instanceEvents?: boolean; lookOnly?: boolean } = {},
) {
  // Only looking (a dry run) must not make an archive where there was none.
  if (options.lookOnly && !config.databaseUrl && !existsSync(join(config.dataDir, 'db', 'PG_VERSION'))) {
    throw new NotMigratedError(
      `there is no archive in ${config.dataDir} (DATA_DIR) to look at: a dry run makes none. Run without --dry-run, or start the server once (npm start).`,
    );
  }
  const database: DatabaseHandle = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(join(config.dataDir, 'db'));
  try {
    if (options.lookOnly) {
      // A dry run writes nothing, so it does not migrate either: it refuses an archive that is
      // not at this version's schema (its queries are this version's).
      const pending = await pendingMigrations(database.db);
      if (pending.length > 0) {
        throw new NotMigratedError(
          `the archive's database is not yet at this version (${pending.length} migration${pending.length === 1 ? '' : 's'} to apply, the first ${pending[0]}), and a dry run changes nothing, migrations included. Start the server once (npm start migrates it), or run without --dry-run, then look again.`,
        );
      }
    } else {
      const applied = await migrateToLatest(database.db);
      if (applied.length > 0) logger.info({ applied }, 'database migrated');
      const addedTexts = await seedDefaultTexts(database.db);
      if (addedTexts.length > 0) logger.info({ added: addedTexts.length }, 'default texts added');
    }
    const instanceEvents =
      config.databaseUrl && options.instanceEvents
        ? await startInstanceEvents(config.databaseUrl, logger)
        : undefined;
    const { context, jobs } = createAppContext({
      config,
      db: database.db,
      logger,
      extraOrigins: localOrigins(config),
    });
    return { context, database, jobs, instanceEvents };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** A command that only looks (a dry run) met an archive it would have to migrate (or make) first. */
export class NotMigratedError extends Error {}

/**
 * Origins trusted besides PUBLIC_URL's: with PUBLIC_URL unset the site is reached on this machine
 * under either local name; once PUBLIC_URL is set, only that origin is trusted.
 */
export function localOrigins(config: Config): string[] {
  if (config.publicUrlFromEnv) return [];
  return [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`];
}

/** A scratch entry untouched this long belongs to no live process, whatever the engine. */
export const SCRATCH_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the scratch files (DATA_DIR/tmp: uploads being received, derivatives being made) that a
 * process killed mid-work left behind, and answers how many entries went. With `everything` (the
 * embedded database: this process holds DATA_DIR alone) all of them; otherwise (PostgreSQL, where
 * instances may share DATA_DIR) only those nothing touched for SCRATCH_MAX_AGE_MS.
 */
export async function sweepScratch(
  dir: string,
  options: { everything: boolean; now?: number },
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  const cutoff = (options.now ?? Date.now()) - SCRATCH_MAX_AGE_MS;
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    if (!options.everything && (await newestChange(path)) > cutoff) continue;
    await rm(path, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

async function newestChange(path: string): Promise<number> {
  const info = await stat(path).catch(() => null);
  if (!info) return Number.POSITIVE_INFINITY;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const name of await readdir(path).catch(() => [])) {
    newest = Math.max(newest, await newestChange(join(path, name)));
  }
  return newest;
}

/** A logger that says nothing: for scripts that run the services and report progress themselves. */
export function quietLogger(): FastifyBaseLogger {
  const noop = () => {};
  const logger = {
    level: 'silent',
    fatal: noop,
    error: noop,
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}
