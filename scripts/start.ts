/**
 * `npm start`, first half: builds the web app and the server's JavaScript bundle
 * (scripts/build-server.ts) when either is missing or older than its sources. The second half,
 * `scripts/serve.sh`, then replaces the shell with the server itself (which migrates the database
 * before it listens), started with its memory settings: a process of its own from the first
 * instruction, as MALLOC_ARENA_MAX must be, and with no TypeScript loader.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildServer, newestMtime, serverBundleStale } from './build-server.ts';

const root = resolve(import.meta.dirname, '..');
const builtIndex = join(root, 'dist', 'index.html');

const sources = ['web', 'common', 'vite.config.ts', 'package-lock.json']
  .map((p) => join(root, p))
  .filter(existsSync);
const stale = !existsSync(builtIndex) || Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs;
if (stale) {
  console.log('Building the web app…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('Error: the web app did not build (see above).');
    process.exit(1);
  }
}

if (serverBundleStale()) {
  console.log('Building the server…');
  await buildServer();
}
