import { existsSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { Piscina } from 'piscina';
import type { RenderInput } from '#common/render-input.ts';
import { bundledWorker, bundleInto } from '#server/worker-bundle.ts';

/**
 * The public pages are drawn by React (web/entry-server.tsx) on threads of their own, so a page
 * being drawn (70–200 ms of CPU) never holds the event loop every other request waits on (issue 13
 * part 3). The main thread posts the page's address and answers and gets its HTML back.
 *
 * The threads run one JavaScript file, web/entry-server.tsx bundled by esbuild with every package
 * in it and React's production build chosen when it is bundled (as the browser's bundle has it:
 * its development build draws several times slower and checks what the browser checks again).
 * Bundled, a thread loads it in ~0.1 s and holds ~20 MB of heap; the same code importing its
 * packages from node_modules took ~2 s and ~30 MB (every icon of lucide-react, all of zod), and
 * would draw with whichever React build NODE_ENV picked. The production build writes it beside
 * build/server.mjs (scripts/build-server.ts); run from the TypeScript sources (tsx, vitest, which
 * compile modules themselves: a worker thread cannot), the server builds it into build/ at start
 * when it is older than its sources (~1.5 s, once).
 */
export const RENDER_WORKER_FILE = 'render-worker.mjs';

/** A drawing that takes longer (waiting for a thread included) is given up: the browser draws the page. */
const DRAW_TIME_LIMIT_MS = 3_000;

/**
 * Pages that may wait for each thread. A page takes 10–200 ms to draw, so beyond this a visitor
 * would wait longer for the drawn page than the browser takes to draw it: under a crowd the page
 * is sent undrawn at once instead of after the time limit.
 */
const QUEUED_PER_THREAD = 4;

/** The threads are all busy and enough pages wait: this one is sent for the browser to draw. */
export class RenderPoolBusy extends Error {
  constructor() {
    super('every page-drawing thread is busy');
  }
}

/** What the render worker is built from: a newer file here means it is built again. */
const RENDER_WORKER_SOURCES = ['web', 'common', 'package-lock.json', 'server/web/render-pool.ts'];

/** Bundles web/entry-server.tsx, with every package it imports, into `outfile`. */
export async function buildRenderWorker(root: string, outfile: string): Promise<void> {
  await bundleInto(outfile, {
    absWorkingDir: root,
    entryPoints: ['web/entry-server.tsx'],
    // React (and every package asking) in its production build; JSX compiled for its production runtime.
    define: { 'process.env.NODE_ENV': '"production"' },
    // Style sheets a lazy part imports (the map's Leaflet CSS) are the browser's: the server draws none.
    loader: { '.css': 'empty' },
    // The packages written as CommonJS require Node's modules: an ES module has no `require` of its own.
    banner: {
      js: "import { createRequire as __archiveCreateRequire } from 'node:module'; const require = __archiveCreateRequire(import.meta.url);",
    },
  });
}

/** The render worker's path: beside the production bundle, or built from the sources once per process. */
const renderWorkerPath = bundledWorker(RENDER_WORKER_FILE, RENDER_WORKER_SOURCES, buildRenderWorker);

export interface RenderPool {
  /**
   * The page's HTML; rejects when drawing fails, the thread dies or the time limit passes, and at
   * once with RenderPoolBusy when enough pages already wait.
   */
  draw(input: RenderInput): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts `threads` drawing threads (none when 0: the browser draws every page). Null, logged, when
 * the render worker cannot be found or built: the pages are then drawn by the browser alone.
 * `drawTimeLimitMs` is for tests of what happens on the thread (a thread running out of memory):
 * on a busy machine the time limit would end such a drawing first.
 */
export async function startRenderPool(
  threads: number,
  log: FastifyBaseLogger,
  { drawTimeLimitMs = DRAW_TIME_LIMIT_MS }: { drawTimeLimitMs?: number } = {},
): Promise<RenderPool | null> {
  if (threads === 0) return null;
  let filename: string;
  try {
    filename = await renderWorkerPath();
    if (!existsSync(filename)) throw new Error(`${filename} is missing: run npm run build`);
  } catch (error) {
    log.error({ err: error }, 'the pages cannot be drawn on the server: the browser draws them');
    return null;
  }
  const pool = new Piscina<RenderInput, string>({
    filename,
    name: 'renderApp',
    minThreads: threads,
    maxThreads: threads,
    // Plain messages: the thread's own event loop keeps running between pages (React's and the
    // query client's timers), instead of sleeping in Atomics.wait.
    atomics: 'disabled',
    // Plain Node: the bundle needs no loader, and tsx's (which a thread would otherwise inherit
    // from `tsx server/main.ts`) compiling its 3 MB runs past the thread's memory bound.
    execArgv: [],
    // A bound on what a thread may hold (a page needs ~20 MB); past it the thread dies, its page
    // is drawn by the browser, and a new thread starts.
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 12 },
  });
  pool.on('error', (error: unknown) => log.error({ err: error }, 'a page-drawing thread failed'));
  const maxQueued = threads * QUEUED_PER_THREAD;
  return {
    draw: (input) =>
      pool.queueSize >= maxQueued
        ? Promise.reject(new RenderPoolBusy())
        : pool.run(input, { signal: AbortSignal.timeout(drawTimeLimitMs) }),
    close: () => pool.destroy(),
  };
}
