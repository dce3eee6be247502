/**
 * npm run backup -- FILE
 * Writes one backup file (a tar): the database as of one snapshot, every stored original and
 * derivative, and a manifest with the SHA-256 of each. On PGlite, stop the server first (it holds
 * the database); on PostgreSQL the server may keep running.
 */
import { resolve } from 'node:path';
import { BackupError, createBackup } from '#server/backup/backup.ts';
import { configuredBlobStore, openConfiguredDatabase } from '#server/backup/targets.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { LockedError } from '#server/db/lock.ts';

const usage = 'Usage: npm run backup -- FILE   (e.g. npm run backup -- /backups/archive-2026-11-23.tar)';

async function main() {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length !== 1 || args[0]!.startsWith('-')) throw new UsageError(usage);
  const file = resolve(args[0]!);
  const config = loadConfig();
  const started = performance.now();
  const database = await openConfiguredDatabase(config);
  let warned = false;
  try {
    const summary = await createBackup(database, configuredBlobStore(config), file);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Backed up ${summary.rows} rows in ${summary.tables} tables and ${summary.files} files (${mb(summary.fileBytes)}) to ${summary.file} (${mb(summary.bytes)}) in ${seconds} s.`,
    );
    for (const m of summary.missing)
      console.warn(`Warning: ${m.key} (${m.owner}) is missing from the file store.`);
    for (const c of summary.changed) {
      console.warn(`Warning: ${c.key} (${c.owner}) no longer matches the SHA-256 its row recorded.`);
    }
    if (summary.missing.length + summary.changed.length > 0) {
      console.warn('Run npm run fsck for the full fixity report.');
      warned = true;
    }
  } finally {
    await database.close();
  }
  // After close: closing PGlite resets process.exitCode.
  if (warned) process.exitCode = 2;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

class UsageError extends Error {}

main().catch((error: unknown) => {
  if (error instanceof LockedError) {
    console.error(`Error: ${error.message} Stop the server before backing up a PGlite database.`);
  } else if (error instanceof UsageError || error instanceof ConfigError || error instanceof BackupError) {
    console.error(`Error: ${error.message}`);
  } else {
    console.error('Error:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
