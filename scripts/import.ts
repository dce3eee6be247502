/**
 * npm run import -- FOLDER [--csv metadata.csv] [--category NAME] [--category-per-folder]
 *                          [--public|--private] [--dry-run] [--as EMAIL] [--report FILE]
 * npm run import -- --update metadata.csv [--dry-run] [--as EMAIL]
 * Brings a folder of files into the archive through the staff upload's own ingest, with the
 * metadata of a CSV (docs/import.md). On PGlite, stop the server first (it holds the database); on
 * PostgreSQL the server may keep running. A killed run is continued by running it again.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config.ts';
import { LockedError } from '#server/db/lock.ts';
import { DatabaseUpkeep } from '#server/db/upkeep.ts';
import { readPlaceList } from '#server/import/place-list.ts';
import { readBoundedText } from '#server/import/read-bounded.ts';
import { MEDIA_CSV_MAX_BYTES } from '#common/api/media.ts';
import { ImportProgress } from '#server/import/progress.ts';
import { ImportRefusal, importingActor, readMetadata, runImport } from '#server/import/run-import.ts';
import { AppError } from '#server/errors.ts';
import { applyMediaCsv, previewMediaCsv } from '#server/features/media/media-csv.service.ts';
import type { AppContext } from '#server/http/context.ts';
import { NotMigratedError, openServices, sweepScratch } from '#server/runtime.ts';

const usage = `Usage: npm run import -- FOLDER [--csv metadata.csv] [--places places.csv] [--category NAME]
                         [--category-per-folder] [--public|--private] [--dry-run] [--as EMAIL] [--report FILE]
       npm run import -- --update metadata.csv [--dry-run] [--as EMAIL]
See docs/import.md.`;

async function main() {
  const { values, positionals } = parseArgs({
    // `npm run import -- …` passes its own `--` on when run through tsx directly: not an end of options.
    args: process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--')),
    allowPositionals: true,
    options: {
      csv: { type: 'string' },
      places: { type: 'string' },
      category: { type: 'string' },
      'category-per-folder': { type: 'boolean', default: false },
      public: { type: 'boolean', default: false },
      private: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      as: { type: 'string' },
      report: { type: 'string' },
      update: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  if (values.update !== undefined) {
    if (positionals.length > 0) throw new UsageError('Give --update FILE or a FOLDER, not both.');
    await updateFromCsv(resolve(values.update), values['dry-run'], values.as);
    return;
  }
  const folders = positionals;
  if (folders.length !== 1) throw new UsageError(usage);
  if (values.public && values.private) throw new UsageError('Give --public or --private, not both.');
  if (values.category !== undefined && values['category-per-folder']) {
    throw new UsageError('Give --category or --category-per-folder, not both.');
  }
  const folder = resolve(folders[0]!);
  const report = resolve(values.report ?? `import-report-${stamp(new Date())}.csv`);
  const csv = values.csv ? resolve(values.csv) : undefined;
  // The CSV is checked before the archive is opened: a bad one changes nothing.
  const metadata = csv ? await readMetadata(csv) : undefined;
  const places = values.places ? await readPlaceList(resolve(values.places)) : undefined;
  const config = loadConfig();
  const problems: string[] = [];
  const { context, database, jobs } = await openServices(
    config,
    {
      info: () => {},
      // The job runner reports failed attempts here (they are retried; a last failure is on the item).
      warn: (obj, msg) => problems.push(`${msg} ${JSON.stringify(obj)}`),
      error: (obj, msg) => problems.push(`${msg} ${JSON.stringify(obj)}`),
    },
    { lookOnly: values['dry-run'] },
  );
  const upkeep = new DatabaseUpkeep(database, {
    info: () => {},
    error: (obj, msg) => problems.push(`${msg} ${JSON.stringify(obj)}`),
  });
  let unresolved = 0;
  try {
    // Temporary files of a killed run: all of them when this process holds the embedded database.
    if (!values['dry-run'])
      await sweepScratch(join(config.dataDir, 'tmp'), { everything: database.engine === 'pglite' });
    const started = performance.now();
    const result = await runImport(
      context,
      // Derivatives two at a time: one job's steps wait on each other (file writes, libvips'
      // hand-overs, the database), and a second job uses the time they leave (bench/README.md).
      {
        start: () => {
          jobs.start(database, { width: 2 });
          // The statistics of the tables it fills, where autovacuum does not run (server/db/upkeep.ts).
          void upkeep.start();
        },
        stop: async () => {
          await jobs.stop();
          await upkeep.stop();
        },
      },
      {
        folder,
        report,
        ...(csv && metadata ? { csv, metadata } : {}),
        ...(places ? { places } : {}),
        ...(values.category !== undefined ? { category: values.category } : {}),
        categoryPerFolder: values['category-per-folder'],
        ...(values.public ? { isPublic: true } : values.private ? { isPublic: false } : {}),
        dryRun: values['dry-run'],
        ...(values.as ? { as: values.as } : {}),
      },
      (files, bytes) => {
        console.log(
          `${values['dry-run'] ? 'Checking' : 'Importing'} ${files} files (${(bytes / 1024 / 1024).toFixed(1)} MB) from ${folder}`,
        );
        return new ImportProgress(files, bytes);
      },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const count = (what: keyof typeof result.counts) => result.counts[what];
    const sidecars = count('sidecar')
      ? `, ${count('sidecar')} bag sidecars (metadata, not files to import)`
      : '';
    if (result.places) {
      console.log(
        `Places: ${result.places.added} ${values['dry-run'] ? 'would be ' : ''}added to the list, ${result.places.kept} in it already.`,
      );
    }
    if (result.resumed) console.log('Continued the run of this folder that had stopped before its end.');
    console.log(
      values['dry-run']
        ? `Dry run: ${count('would import')} would be imported, ${count('skipped')} skipped, ${count('refused')} refused, ${count('missing')} rows without a file${sidecars} (nothing was written) in ${seconds} s.`
        : `Imported ${count('imported')}, skipped ${count('skipped')}, refused ${count('refused')}, ${count('missing')} rows without a file${sidecars}, in ${seconds} s (files read in ${result.filesSeconds.toFixed(1)} s, then their derivatives), recorded under ${result.account}.`,
    );
    if (result.derivativesFailed > 0) {
      console.warn(
        `Warning: the derivatives of ${result.derivativesFailed} items could not be made (see the report).`,
      );
    }
    console.log(`Report: ${report}`);
    unresolved = count('refused') + count('missing') + result.derivativesFailed;
  } finally {
    await database.close();
  }
  // After close: closing PGlite resets process.exitCode.
  if (unresolved > 0) process.exitCode = 2;
}

/**
 * `--update`: the staff CSV round trip from the command line (issue 27 §2): the same preview as
 * the media screen's, printed item by item and field by field, then applied in one transaction
 * logged as one batch (not with --dry-run). Exit code 2 when rows were refused.
 */
async function updateFromCsv(path: string, dryRun: boolean, as: string | undefined) {
  // The same bound as the media screen's (the CSV is parsed whole).
  const read = await readBoundedText(path, MEDIA_CSV_MAX_BYTES, 'a CSV');
  // Refused as the preview's own refusals are ("nothing was changed"), not as a usage error.
  if (!read.ok) throw new AppError(413, 'CSV_TOO_LARGE', `The CSV ${path} is refused: ${read.message}.`);
  const csv = read.text;
  const config = loadConfig();
  const { context, database } = await openServices(
    config,
    { info: () => {}, warn: () => {}, error: () => {} },
    { lookOnly: dryRun },
  );
  let refused = 0;
  try {
    // Nothing here queues work for this process's runner: a rights change's new pictures are
    // jobs in the table, made by the server.
    const ctx = context as AppContext;
    const { actor, label } = await importingActor(ctx, as);
    const preview = await previewMediaCsv(ctx, actor, { csv });
    for (const item of preview.items) {
      console.log(`${item.displayId} (row ${item.line})${item.title ? ` ${item.title}` : ''}`);
      for (const c of item.changes)
        console.log(`  ${c.column}: ${JSON.stringify(c.old)} → ${JSON.stringify(c.new)}`);
      for (const r of item.refused)
        console.log(`  refused ${r.column} ${JSON.stringify(r.value)}: ${r.message}`);
    }
    refused = preview.refusedRows;
    const summary = `${preview.rows} rows read, ${preview.changed} items change, ${preview.refusedRows} rows refused (nothing of them is written)`;
    if (dryRun) {
      console.log(`Dry run: ${summary}; nothing was written.`);
    } else {
      const { changed } = await applyMediaCsv(ctx, actor, { csv, fingerprint: preview.fingerprint });
      console.log(`${summary}. Updated ${changed} items in one batch, recorded under ${label}.`);
    }
  } finally {
    await database.close();
  }
  if (refused > 0) process.exitCode = 2;
}

const stamp = (d: Date) => d.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

class UsageError extends Error {}

main().catch((error: unknown) => {
  if (error instanceof LockedError) {
    console.error(`Error: ${error.message} Stop the server before importing into a PGlite database.`);
  } else if (error instanceof ImportRefusal) {
    console.error(`Error: nothing was imported: ${error.message}`);
  } else if (error instanceof AppError) {
    console.error(`Error: nothing was changed: ${error.message}`);
  } else if (error instanceof NotMigratedError) {
    console.error(`Error: nothing was looked at: ${error.message}`);
  } else if (error instanceof UsageError || error instanceof ConfigError) {
    console.error(`Error: ${error.message}`);
  } else {
    console.error('Error:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
