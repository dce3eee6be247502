import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/database.ts';
import { createBlobStore } from '../storage/create-blob-store.ts';
import { isEmptyDirectory, RestoreError, type RestoreTarget } from './restore.ts';

/** The configured database (DATABASE_URL, else PGlite in DATA_DIR/db), opened but not migrated. */
export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(join(config.dataDir, 'db'));
}

export function configuredBlobStore(config: Config) {
  return createBlobStore({ dataDir: config.dataDir, s3: config.s3 });
}

/** Where `npm run restore` writes: the configured database and file store, which must be empty. */
export function configuredRestoreTarget(config: Config): RestoreTarget {
  const blobs = configuredBlobStore(config);
  if (config.databaseUrl) return { blobs, openDatabase: () => openConfiguredDatabase(config) };
  const dbDir = join(config.dataDir, 'db');
  return {
    blobs,
    async assertDatabaseEmpty() {
      if (!(await isEmptyDirectory(dbDir))) {
        throw new RestoreError(
          `DATA_DIR ${config.dataDir} already holds a database (${dbDir}). Restore needs an empty DATA_DIR, or DATABASE_URL pointing at an empty PostgreSQL database.`,
        );
      }
    },
    openDatabase: () => openConfiguredDatabase(config),
    // Only ever after assertDatabaseEmpty found no database there: this removes what restore made.
    discardDatabase: () => rm(dbDir, { recursive: true, force: true }),
  };
}
