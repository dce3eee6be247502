/**
 * npm run seed:bench -- --items 100000   (or 1000000)
 * Fills the configured database (DATABASE_URL, else the PGlite of DATA_DIR) and file store with an
 * archive of that size for benchmarks: 24 categories, 40 folders, the media items with their
 * derivative rows, submissions (items/50), views (items/2 usage-log rows) and activity (items/5),
 * in multi-row inserts (server/db/bench-seed.ts). Small real pictures are written for the newest
 * public items, so the first pages render. Adds to what is there; meant for an empty DATA_DIR.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config.ts';
import {
  BENCH_FILES_FOR,
  benchCounts,
  benchCreator,
  seedBenchArchive,
  writeBenchFiles,
} from '#server/db/bench-seed.ts';
import { LockedError } from '#server/db/lock.ts';
import { openServices } from '#server/runtime.ts';

const usage = 'Usage: npm run seed:bench -- --items 100000';

async function main() {
  const { values } = parseArgs({ options: { items: { type: 'string', default: '100000' } } });
  const items = Number(values.items);
  if (!Number.isInteger(items) || items < 1 || items > 10_000_000) {
    throw new ConfigError(`--items must be a whole number from 1 to 10,000,000. ${usage}`);
  }
  const config = loadConfig();
  const { context, database } = await openServices(config, {
    info: () => {},
    warn: () => {},
    error: () => {},
  });
  try {
    const started = performance.now();
    const counts = benchCounts(items);
    await seedBenchArchive(context.db, await benchCreator(context.db), counts);
    const files = await writeBenchFiles(context.db, context.blobs);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Seeded ${counts.items.toLocaleString('en')} media items, ${counts.categories} categories, ` +
        `${counts.folders} folders, ${counts.submissions.toLocaleString('en')} submissions, ` +
        `${counts.views.toLocaleString('en')} views, ${counts.activity.toLocaleString('en')} activity rows ` +
        `and ${files} files (the newest ${BENCH_FILES_FOR} public items) in ${seconds} s.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof LockedError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
