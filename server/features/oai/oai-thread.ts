import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { bundledWorker, bundleInto } from '#server/worker-bundle.ts';
import type { RecordsSite, WrittenPage } from './oai-records.ts';
import type { RecordFilter } from './oai.repository.ts';

/**
 * On PostgreSQL a harvest's pages are read and written on a thread of their own (oai-worker.ts,
 * with its own connections): parsing the rows and writing their Dublin Core was about half of what the
 * server's thread did for a page (issue 26 §8), and every other visitor waited behind it. The
 * server's thread keeps the protocol (arguments, tokens, what is kept and for how long) and sends
 * the bytes. The thread starts with the first page asked for and stops when no page has been
 * asked for a while; a thread that fails is replaced by the next read.
 */
export const OAI_WORKER_FILE = 'oai-worker.mjs';
/** The thread's connections, as PostgreSQL shows them (pg_stat_activity). */
export const OAI_THREAD_APPLICATION = 'archive oai-pmh';
const SOURCES = ['server', 'common', 'package-lock.json'];
/** A thread with nothing asked of it for this long is stopped (a harvester comes back in seconds). */
const IDLE_MS = 30_000;

export interface PagesAsked {
  id: number;
  filter: RecordFilter;
  limit: number;
  pageSize: number;
  pages: number;
  site: RecordsSite;
}
export type PagesWritten = { id: number; pages: WrittenPage[] } | { id: number; error: string };

/**
 * Our modules imported by the thread only for some of their exports (oai.repository.ts reaches the
 * people's names through people.public.ts, which names the whole feature): what the thread does
 * not use is left out, as if each module said it has no side effects (none of ours that the
 * thread uses has: the bundle is built and run by the OAI-PMH tests on PostgreSQL).
 */
const ourModulesWithoutSideEffects = {
  name: 'our-modules-without-side-effects',
  setup(build: import('esbuild').PluginBuild) {
    build.onResolve({ filter: /^(#|\.)/ }, async (args) => {
      if (args.pluginData === 'resolving') return undefined;
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      });
      return resolved.errors.length > 0 || resolved.external
        ? undefined
        : { ...resolved, sideEffects: false };
    });
  },
};

/** Bundles the thread's program (our modules; the packages stay in node_modules) into `outfile`. */
export async function buildOaiWorker(root: string, outfile: string): Promise<void> {
  await bundleInto(outfile, {
    absWorkingDir: root,
    entryPoints: ['server/features/oai/oai-worker.ts'],
    packages: 'external',
    plugins: [ourModulesWithoutSideEffects],
  });
}

const workerPath = bundledWorker(OAI_WORKER_FILE, SOURCES, buildOaiWorker);

export interface OaiThread {
  /** `pages` pages of `pageSize` records from the list's first `limit` rows, each written. */
  read(ask: Omit<PagesAsked, 'id'>): Promise<WrittenPage[]>;
  close(): Promise<void>;
}

export function createOaiThread(connectionString: string, log: FastifyBaseLogger): OaiThread {
  let started: Promise<Worker> | undefined;
  let current: Worker | undefined;
  let nextId = 0;
  let idle: NodeJS.Timeout | undefined;
  const waiting = new Map<
    number,
    { resolve: (pages: WrittenPage[]) => void; reject: (error: Error) => void }
  >();

  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  /** The thread is gone: what waits on it fails (a thread stopped before this one is not this one). */
  const lost = (worker: Worker, error: Error) => {
    if (current !== worker) return;
    current = undefined;
    started = undefined;
    failAll(error);
  };
  // Each stop begins another epoch: a thread still starting when it came is not used.
  let epoch = 0;
  const stop = async () => {
    clearTimeout(idle);
    epoch += 1;
    const worker = current;
    current = undefined;
    started = undefined;
    failAll(new Error('the OAI-PMH thread was stopped'));
    await worker?.terminate();
  };
  const start = () => {
    const startedIn = epoch;
    started ??= workerPath().then((filename) => {
      if (epoch !== startedIn) throw new Error('the OAI-PMH thread was stopped');
      const worker = new Worker(filename, {
        workerData: { connectionString },
        // Plain Node: the bundle needs no loader (tsx's, inherited from the main thread, is not wanted).
        execArgv: [],
        // Five pages of rows and their text at a time (~2 MB); the bound stops a runaway, not a read.
        resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 },
      });
      current = worker;
      worker.on('message', (answer: PagesWritten) => {
        const asked = waiting.get(answer.id);
        waiting.delete(answer.id);
        if ('pages' in answer) asked?.resolve(answer.pages);
        else asked?.reject(new Error(answer.error));
      });
      worker.on('error', (error) => {
        log.error({ err: error }, 'the OAI-PMH thread failed');
        lost(worker, error);
      });
      worker.on('exit', (code) => lost(worker, new Error(`the OAI-PMH thread stopped (exit code ${code})`)));
      // A harvest never keeps the process running.
      worker.unref();
      return worker;
    });
    const starting = started;
    starting.catch(() => {
      if (started === starting) started = undefined;
    });
    return starting;
  };

  return {
    async read(ask) {
      clearTimeout(idle);
      const id = ++nextId;
      const pages = new Promise<WrittenPage[]>((resolve, reject) => waiting.set(id, { resolve, reject }));
      // Failed by a stop while the thread was starting: the start's own failure is the one thrown.
      pages.catch(() => {});
      try {
        const worker = await start();
        if (waiting.has(id)) worker.postMessage({ ...ask, id } satisfies PagesAsked);
        return await pages;
      } finally {
        waiting.delete(id);
        if (waiting.size === 0) {
          idle = setTimeout(() => void stop(), IDLE_MS);
          idle.unref();
        }
      }
    },
    close: stop,
  };
}
