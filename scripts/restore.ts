/**
 * npm run restore -- FILE
 * Restores a backup made by npm run backup into an empty database (PGlite in an empty DATA_DIR, or
 * the empty PostgreSQL database at DATABASE_URL) and an empty file store (DATA_DIR/files or the
 * S3 bucket). Restoring a PGlite backup with DATABASE_URL set moves the archive to PostgreSQL.
 */
import { resolve } from 'node:path';
import { RestoreError, restoreBackup } from '#server/backup/restore.ts';
import { configuredRestoreTarget } from '#server/backup/targets.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { LockedError } from '#server/db/lock.ts';

const usage =
  'Usage: npm run restore -- FILE   (into an empty DATA_DIR, or an empty database at DATABASE_URL)';

async function main() {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length !== 1 || args[0]!.startsWith('-')) throw new UsageError(usage);
  const file = resolve(args[0]!);
  const config = loadConfig();
  const started = performance.now();
  const summary = await restoreBackup(file, configuredRestoreTarget(config));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const into = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(
    `Restored ${summary.rows} rows in ${summary.tables} tables and ${summary.files} files (${(summary.fileBytes / 1024 / 1024).toFixed(1)} MB) from a ${summary.engine} backup of ${summary.createdAt} into ${into} in ${seconds} s. Every SHA-256 matched the manifest.`,
  );
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  if (
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof RestoreError ||
    error instanceof LockedError
  ) {
    console.error(`Error: ${error.message}`);
  } else {
    console.error('Error:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
