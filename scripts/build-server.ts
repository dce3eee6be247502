/**
 * The server as plain JavaScript for production (`npm start`, `npm run build`): esbuild bundles
 * `server/main.ts` and our own modules into `build/server.mjs` (packages stay in node_modules), so
 * the running server needs no TypeScript loader. tsx transforming each module at start and keeping
 * its source maps costs about 100 MB of resident memory (issue 13 part 4); the bundle starts in
 * Node alone. Development, tests and the scripts keep running the TypeScript through tsx.
 *
 * The bundle sits one folder below the checkout, as server/main.ts does, so paths the server finds
 * beside itself (`import.meta.dirname/../dist`) resolve the same; files loaded by URL at run time
 * (the BMP worker, the database's thread) are copied beside it.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
export const serverBundle = join(root, 'build', 'server.mjs');
/** Files the server opens by `new URL(…, import.meta.url)`: copied beside the bundle. */
const besideBundle = ['server/media/ingest/decode-bmp.worker.mjs', 'server/db/pglite-worker.mjs'];

/** The newest modification time under `path` (a file or a whole folder). */
export function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when the bundle is missing or older than the server's sources. */
export function serverBundleStale(): boolean {
  if (!existsSync(serverBundle)) return true;
  // The web app's components are in it too: the server draws the public pages with them.
  const sources = ['server', 'common', 'web', 'package-lock.json', 'scripts/build-server.ts']
    .map((p) => join(root, p))
    .filter(existsSync);
  return Math.max(...sources.map(newestMtime)) > statSync(serverBundle).mtimeMs;
}

export async function buildServer(): Promise<void> {
  mkdirSync(join(root, 'build'), { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: ['server/main.ts'],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  for (const file of besideBundle) {
    copyFileSync(join(root, file), join(root, 'build', file.split('/').pop()!));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer();
  console.log(`Built ${serverBundle}`);
}
