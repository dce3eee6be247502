/**
 * The server as plain JavaScript for production (`npm start`, `npm run build`): esbuild bundles
 * `server/main.ts` and our own modules into `build/server.mjs` (packages stay in node_modules), so
 * the running server needs no TypeScript loader. tsx transforming each module at start and keeping
 * its source maps costs about 100 MB of resident memory (issue 13 part 4); the bundle starts in
 * Node alone. Development, tests and the scripts keep running the TypeScript through tsx.
 *
 * The bundle sits one folder below the checkout, as server/main.ts does, so paths the server finds
 * beside itself (`import.meta.dirname/../dist`) resolve the same; files loaded by URL at run time
 * (the BMP worker, the database's thread) are copied beside it. The public pages' drawing threads
 * run a bundle of their own, `build/render-worker.mjs` (server/web/render-pool.ts), and so does a
 * harvest's, `build/oai-worker.mjs` (server/features/oai/oai-thread.ts).
 */
import { copyFileSync, mkdirSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { buildOaiWorker, OAI_WORKER_FILE } from '../server/features/oai/oai.public.ts';
import { buildRenderWorker, RENDER_WORKER_FILE } from '../server/web/render-pool.ts';
import { NODE_BUNDLE, newestMtime, olderThanSources } from '../server/worker-bundle.ts';

export { newestMtime };

const root = resolve(import.meta.dirname, '..');
export const serverBundle = join(root, 'build', 'server.mjs');
/** Files the server opens by `new URL(…, import.meta.url)`: copied beside the bundle. */
export const besideBundle = [
  'server/media/ingest/decode-bmp.worker.mjs',
  'server/db/pglite-worker.mjs',
  'server/media/faces/face-worker.mjs',
];

const renderWorker = join(root, 'build', RENDER_WORKER_FILE);
const oaiWorker = join(root, 'build', OAI_WORKER_FILE);

/** True when the bundle or a thread's bundle is missing or older than the server's sources. */
export function serverBundleStale(): boolean {
  // The render worker holds the web app's components: the server draws the public pages with them.
  const sources = ['server', 'common', 'web', 'package-lock.json', 'scripts/build-server.ts'];
  return [serverBundle, renderWorker, oaiWorker].some((file) => olderThanSources(root, file, sources));
}

/**
 * A built file written under another name and renamed into place, dated from when its build began:
 * tests start the bundles while another test run may be building them (server/test/built.ts), two
 * imports may start at once, and a source changed meanwhile still makes the file stale.
 */
export function placeBuilt(file: string, started: Date, write: (partial: string) => void) {
  const partial = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.partial`;
  write(partial);
  utimesSync(partial, started, started);
  renameSync(partial, file);
}

/** The files the bundles open beside themselves, copied into `dir`. */
export function copyBesideBundle(dir: string, started: Date) {
  for (const file of besideBundle)
    placeBuilt(join(dir, file.split('/').pop()!), started, (partial) =>
      copyFileSync(join(root, file), partial),
    );
}

export const bundleOptions = { ...NODE_BUNDLE, absWorkingDir: root, packages: 'external' } as const;

export async function buildServer(): Promise<void> {
  mkdirSync(join(root, 'build'), { recursive: true });
  const started = new Date();
  const result = await build({ ...bundleOptions, entryPoints: ['server/main.ts'], outfile: serverBundle });
  copyBesideBundle(join(root, 'build'), started);
  await buildRenderWorker(root, renderWorker);
  await buildOaiWorker(root, oaiWorker);
  // The bundle last: a process that finds it newer than its sources finds the rest in place.
  for (const output of result.outputFiles)
    placeBuilt(output.path, started, (partial) => writeFileSync(partial, output.contents));
  await buildImport();
}

/**
 * `npm run import` as plain JavaScript (scripts/import.sh runs it, and builds it first when it is
 * missing or older than its sources): the same ~40 MB less than through tsx that the server saves,
 * on an import that must stay within 300 MB (issue 27 §6). Beside the server's bundle, so the
 * paths both find beside themselves are the same; it needs no web app (it draws no pages).
 */
export const importBundle = join(root, 'build', 'import.mjs');
const IMPORT_SOURCES = ['server', 'common', 'scripts', 'package-lock.json'];

export const importBundleStale = () => olderThanSources(root, importBundle, IMPORT_SOURCES);

export async function buildImport(): Promise<void> {
  mkdirSync(join(root, 'build'), { recursive: true });
  const started = new Date();
  const result = await build({ ...bundleOptions, entryPoints: ['scripts/import.ts'], outfile: importBundle });
  copyBesideBundle(join(root, 'build'), started);
  for (const output of result.outputFiles)
    placeBuilt(output.path, started, (partial) => writeFileSync(partial, output.contents));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes('--import-only')) {
    await buildImport();
  } else {
    await buildServer();
    console.log(`Built ${serverBundle}`);
  }
}
