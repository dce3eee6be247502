import { existsSync, mkdirSync, readdirSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Threads of the server run bundles of their own (web/render-pool.ts, features/oai/oai-thread.ts):
 * a worker thread cannot compile TypeScript as tsx and vitest do for the main thread. The
 * production build writes each beside build/server.mjs (scripts/build-server.ts); run from the
 * TypeScript sources, the server builds it into build/ the first time it is needed, when it is
 * older than its sources.
 */

/** The newest modification time under `path` (a file or a whole folder). */
export function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when `file` is missing or older than any of `sources` (paths under `root`). */
export function olderThanSources(root: string, file: string, sources: string[]): boolean {
  if (!existsSync(file)) return true;
  const paths = sources.map((p) => join(root, p)).filter(existsSync);
  return Math.max(...paths.map(newestMtime)) > statSync(file).mtimeMs;
}

/**
 * The path of the thread's bundle `file`: beside the production bundle, or (from the sources)
 * under build/, built by `build(root, outfile)` once per process when older than `sources`.
 */
export function bundledWorker(
  file: string,
  sources: string[],
  build: (root: string, outfile: string) => Promise<void>,
): () => Promise<string> {
  let fromSources: Promise<string> | undefined;
  return () => {
    if (!import.meta.url.endsWith('.ts')) return Promise.resolve(join(import.meta.dirname, file));
    fromSources ??= (async () => {
      const root = resolve(import.meta.dirname, '..');
      const outfile = join(root, 'build', file);
      if (olderThanSources(root, outfile, sources)) await build(root, outfile);
      return outfile;
    })();
    // A failed build is tried again the next time.
    fromSources.catch(() => {
      fromSources = undefined;
    });
    return fromSources;
  };
}

/** esbuild's options for a bundle that Node runs (the server's, its threads', the scripts'). */
export const NODE_BUNDLE = {
  write: false,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
} as const;

/**
 * Bundles `options.entryPoints` into `outfile`, written under another name and renamed into place,
 * so several servers starting at once (test files) each read a whole file, and dated from when its
 * build began, so a source changed meanwhile still makes it stale.
 */
export async function bundleInto(outfile: string, options: import('esbuild').BuildOptions): Promise<void> {
  const { build } = await import('esbuild');
  const started = new Date();
  const result = await build({ ...NODE_BUNDLE, ...options, outfile });
  const output = result.outputFiles?.[0];
  if (!output) throw new Error(`esbuild wrote no ${outfile}`);
  mkdirSync(join(outfile, '..'), { recursive: true });
  const partial = `${outfile}.${process.pid}-${Math.random().toString(36).slice(2)}.partial`;
  writeFileSync(partial, output.contents);
  utimesSync(partial, started, started);
  renameSync(partial, outfile);
}
