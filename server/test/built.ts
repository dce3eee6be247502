import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  buildServer,
  bundleOptions,
  copyBesideBundle,
  placeBuilt,
  serverBundle,
  serverBundleStale,
} from '../../scripts/build-server.ts';
import { olderThanSources } from '../worker-bundle.ts';

/**
 * The server and the command-line scripts as plain JavaScript, for the tests that start them as
 * child processes. Started through tsx, each process loads tsx and has it transform (or read from
 * its cache) every module of ours: ~2.7 s of CPU before the server's first line, against ~0.9 s for
 * the bundle (PORT=abc, which stops at once: `time node --import tsx server/main.ts` vs
 * `time node build/server.mjs`), several times per test file. The tests are about what the
 * programs do, not about tsx: they run the code esbuild bundles, as `npm start` runs the server.
 *
 * Built when older than the sources, so once per run (and not at all when nothing changed since
 * the last); the PGlite and PostgreSQL passes may both build at once: every file is written under
 * another name and renamed into place, so a process starting meanwhile reads a whole one.
 */
const root = resolve(import.meta.dirname, '..', '..');

/** The scripts tests start; each bundled to `.test-data/cli/<name>.mjs`. */
const SCRIPTS = ['import', 'export', 'fsck', 'backup', 'restore', 'admin-create'] as const;
export type ScriptName = (typeof SCRIPTS)[number];

const cliDir = join(root, '.test-data', 'cli');
const SOURCES = ['server', 'common', 'scripts', 'package-lock.json'];

let serverBuild: Promise<string> | undefined;
let scriptsBuild: Promise<void> | undefined;

/** `build/server.mjs` (what `npm start` runs: scripts/build-server.ts), built when stale. */
export function builtServer(): Promise<string> {
  serverBuild ??= (async () => {
    if (serverBundleStale()) await buildServer();
    return serverBundle;
  })();
  serverBuild.catch(() => {
    serverBuild = undefined;
  });
  return serverBuild;
}

/** The path of `scripts/<name>.ts` bundled, to run as `node <path> …args`. */
export async function builtScript(name: ScriptName): Promise<string> {
  scriptsBuild ??= buildScripts();
  scriptsBuild.catch(() => {
    scriptsBuild = undefined;
  });
  await scriptsBuild;
  return join(cliDir, `${name}.mjs`);
}

async function buildScripts(): Promise<void> {
  const outputs = SCRIPTS.map((name) => join(cliDir, `${name}.mjs`));
  if (!outputs.some((file) => olderThanSources(root, file, SOURCES))) return;
  const { build } = await import('esbuild');
  const started = new Date();
  const result = await build({
    ...bundleOptions,
    entryPoints: SCRIPTS.map((name) => `scripts/${name}.ts`),
    outdir: cliDir,
    outExtension: { '.js': '.mjs' },
  });
  mkdirSync(cliDir, { recursive: true });
  copyBesideBundle(cliDir, started);
  for (const output of result.outputFiles)
    placeBuilt(output.path, started, (partial) => writeFileSync(partial, output.contents));
}
