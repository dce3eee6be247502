/**
 * npm run fsck [-- --repair]
 * The fixity check: re-hashes every stored original against the SHA-256 in its row, reports
 * changed and missing files and files no row owns; --repair removes those orphans (never a file a
 * row points to). Exit code 0 when all is well, 2 when something was reported.
 */
import { parseArgs } from 'node:util';
import { describeFsck, fsck } from '#server/backup/fsck.ts';
import { configuredBlobStore, openConfiguredDatabase } from '#server/backup/targets.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { LockedError } from '#server/db/lock.ts';

async function main() {
  const { values } = parseArgs({ options: { repair: { type: 'boolean', default: false } } });
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  let unresolved = 0;
  try {
    const report = await fsck(database.db, configuredBlobStore(config), { repair: values.repair });
    for (const line of describeFsck(report, values.repair)) console.log(line);
    unresolved =
      report.changed.length + report.missing.length + report.orphans.length - report.removed.length;
  } finally {
    await database.close();
  }
  // After close: closing PGlite resets process.exitCode.
  if (unresolved > 0) process.exitCode = 2;
}

main().catch((error: unknown) => {
  if (error instanceof LockedError) {
    console.error(
      `Error: ${error.message} Stop the server to check a PGlite database from the command line.`,
    );
  } else if (error instanceof ConfigError) {
    console.error(`Error: ${error.message}`);
  } else {
    console.error('Error:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
