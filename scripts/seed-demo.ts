/**
 * npm run seed:demo [-- --force]
 * Fills an empty archive (DATA_DIR or DATABASE_URL, as `npm start` uses them) with demo content:
 * five categories, about forty items of all four types with their derivatives, a public
 * slideshow and the 'mentanardagarnar' document. Files come from public npm and Debian packages.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '#server/config.ts';
import { LockedError } from '#server/db/lock.ts';
import { openServices } from '#server/runtime.ts';
import { SeedRefusedError, seedDemo } from './demo/seed.ts';

const usage =
  'Usage: npm run seed:demo [-- --force]   (--force: add the demo content to a non-empty archive)';

async function main() {
  const { values } = parseArgs({
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const config = loadConfig();
  const where = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : `DATA_DIR ${config.dataDir}`;
  const problems: string[] = [];
  const { context, database, jobs } = await openServices(config, {
    info: () => {},
    // The job runner reports failed attempts here; they are retried, and a final failure stops the seed.
    warn: (obj, msg) => problems.push(`${msg} ${JSON.stringify(obj)}`),
    error: (obj, msg) => problems.push(`${msg} ${JSON.stringify(obj)}`),
  });
  try {
    const summary = await seedDemo(context, jobs, {
      force: values.force,
      admin: config.admin,
      log: (line) => console.log(line),
    });
    const m = summary.media;
    const total = m.image + m.video + m.audio + m.document;
    console.log('');
    console.log(`Added to ${where} in ${summary.seconds.toFixed(1)} s:`);
    console.log(`  ${summary.categories} categories`);
    console.log(
      `  ${total} media items: ${m.image} images, ${m.video} videos, ${m.audio} audio, ${m.document} documents (${summary.featured} featured)`,
    );
    console.log(
      `  ${summary.derivatives} derivative files (thumbnails, display sizes, downloads, posters, waveforms)`,
    );
    console.log(`  slideshow "${summary.slideshow.title}" with ${summary.slideshow.slides} slides`);
    console.log(`  document "${summary.document.title}" (mentanardagarnar, for the header button)`);
    console.log(`  created by ${summary.actor}`);
    for (const line of problems) console.log(`  note: ${line}`);
    console.log(`Start the archive with npm start and open ${config.publicUrl}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof LockedError) {
    console.error(
      `Error: ${error.message} The seed writes to the embedded database directly: stop the running archive (npm start), run npm run seed:demo, then start it again.`,
    );
  } else if (error instanceof SeedRefusedError || error instanceof ConfigError) {
    console.error(`Error: ${error.message}`);
  } else {
    console.error(
      'Error: the demo content could not be added:',
      error instanceof Error ? error.message : error,
    );
  }
  process.exit(1);
});
