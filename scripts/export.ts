/**
 * npm run export -- --format csv|json FILE
 * npm run export -- --format bagit DIR [--include-private]
 * The public catalogue as CSV or JSON (the Dublin Core of every public item), or a BagIt
 * preservation package of the originals with their metadata. Reads the same DATA_DIR /
 * DATABASE_URL / S3_* as npm start; on PGlite, stop the server first (it holds the database).
 */
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { configuredBlobStore, openConfiguredDatabase } from '#server/backup/targets.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { LockedError } from '#server/db/lock.ts';
import { ExportError, writeBag } from '#server/export/bagit.ts';
import { catalogueStream } from '#server/export/catalogue.ts';
import { exportSite } from '#server/export/export-items.ts';

const usage = `Usage: npm run export -- --format csv|json FILE
       npm run export -- --format bagit DIR [--include-private]`;

class UsageError extends Error {}

function parseArgs(argv: string[]) {
  const args = argv.filter((a) => a !== '--');
  let format: string | undefined;
  let includePrivate = false;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--format') format = args[++i];
    else if (arg.startsWith('--format=')) format = arg.slice('--format='.length);
    else if (arg === '--include-private') includePrivate = true;
    else if (arg.startsWith('-')) throw new UsageError(`Unknown option ${arg}.\n${usage}`);
    else rest.push(arg);
  }
  if (format !== 'csv' && format !== 'json' && format !== 'bagit') throw new UsageError(usage);
  if (rest.length !== 1) throw new UsageError(usage);
  if (includePrivate && format !== 'bagit')
    throw new UsageError('--include-private is for --format bagit: the catalogue is the public part only.');
  return { format, includePrivate, out: resolve(rest[0]!) } as const;
}

async function main() {
  const { format, includePrivate, out } = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const started = performance.now();
  // Never written over: said before the database is opened.
  if (await exists(out))
    throw new ExportError(
      `${out} already exists; choose a new ${format === 'bagit' ? 'folder' : 'file'} name.`,
    );
  const database = await openConfiguredDatabase(config);
  try {
    const site = await exportSite(database.db, config.publicUrl);
    const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
    if (format === 'bagit') {
      const progress = process.stderr.isTTY
        ? (n: number) => process.stderr.write(`\r${n} items written`)
        : undefined;
      const bag = await writeBag(database.db, configuredBlobStore(config), out, {
        includePrivate,
        site,
        onItem: progress,
      });
      if (progress) process.stderr.write('\n');
      console.log(
        `Wrote a BagIt bag of ${bag.items} items${bag.documents > 0 ? ` and ${bag.documents} documents` : ''} (${bag.files} files, ${(bag.bytes / 1024 / 1024).toFixed(1)} MB) to ${bag.dir} in ${seconds()} s.`,
      );
      return;
    }
    const partial = `${out}.partial`;
    try {
      await pipeline(catalogueStream(database.db, site, format), createWriteStream(partial, { flags: 'w' }));
      await rename(partial, out);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    console.log(`Wrote the public catalogue as ${format.toUpperCase()} to ${out} in ${seconds()} s.`);
  } finally {
    await database.close();
  }
}

async function exists(path: string) {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

main().catch((error: unknown) => {
  if (error instanceof LockedError) {
    console.error(`Error: ${error.message} Stop the server before exporting from a PGlite database.`);
  } else if (error instanceof UsageError || error instanceof ConfigError || error instanceof ExportError) {
    console.error(`Error: ${error.message}`);
  } else {
    console.error('Error:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
