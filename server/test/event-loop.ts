import { createHook, executionAsyncResource } from 'node:async_hooks';
import { readFileSync } from 'node:fs';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

export interface Stall {
  /** Most CPU time the main thread spent on one callback and what it queued (see heldTimes), ms. */
  heldMs: number;
  /** Longest event-loop delay as monitorEventLoopDelay sees it, waiting for a CPU included, ms. */
  loopMs: number;
  /** Slowest /api/health answer, ms. */
  healthMs: number;
  healthChecks: number;
  /** Wall-clock time of the measured work, ms. */
  tookMs: number;
}

const TICK_MS = 5;
const HEALTH_EVERY_MS = 20;
const SCHEDSTAT = `/proc/self/task/${process.pid}/schedstat`;

/**
 * The main thread's own CPU time, ms (Linux: the first field of its schedstat), or the wall clock
 * where the system does not say.
 */
function mainThreadCpuMs(): number {
  try {
    return Number(readFileSync(SCHEDSTAT, 'latin1').split(' ')[0]) / 1e6;
  } catch {
    return performance.now();
  }
}

/** Callbacks that run in the drain after the callback that queued them, before the loop goes on. */
const continuesTheRun = (resource: unknown) =>
  resource instanceof Promise || (resource as object | undefined)?.constructor?.name === 'TickObject';

/**
 * How long our code held the event loop at most: the main thread's CPU time from one callback the
 * loop hands to JavaScript (an I/O completion, a timer, an immediate) until the next, the promise
 * reactions and next-ticks it queued included (they run before the loop goes on). Counting CPU time,
 * not the wall clock, leaves out the time other processes took the CPUs; counting per callback, not
 * per turn of the loop, leaves out the backlog of short callbacks a process starved of CPU meets all
 * at once (on a busy two-core machine both are hundreds of milliseconds, and the scheduler's doing).
 * Work on other threads (the database's, libvips') is not the main thread's CPU time.
 */
export function heldTimes() {
  let depth = 0;
  let runStart = mainThreadCpuMs();
  let max = 0;
  const startRun = () => {
    const cpu = mainThreadCpuMs();
    max = Math.max(max, cpu - runStart);
    runStart = cpu;
  };
  const hook = createHook({
    before() {
      if (depth++ === 0 && !continuesTheRun(executionAsyncResource())) startRun();
    },
    after() {
      depth = Math.max(0, depth - 1);
    },
  }).enable();
  return {
    stop() {
      hook.disable();
      startRun();
      return max;
    },
  };
}

/**
 * Runs work while measuring how long the event loop was held and how long `health` (a request to
 * /api/health, asked again every 20 ms) took at worst.
 */
export async function measureStall<T>(
  work: () => Promise<T>,
  health: () => Promise<number>,
): Promise<{ result: T; stall: Stall }> {
  const histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: TICK_MS });
  let polling = true;
  let healthMs = 0;
  let healthChecks = 0;
  const poller = (async () => {
    while (polling) {
      const start = performance.now();
      const status = await health();
      const took = performance.now() - start;
      if (status !== 200) throw new Error(`/api/health answered ${status}`);
      healthMs = Math.max(healthMs, took);
      healthChecks += 1;
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();
  histogram.enable();
  const held = heldTimes();
  const started = performance.now();
  let result: T;
  let heldMs: number;
  try {
    result = await work();
  } finally {
    heldMs = held.stop();
    histogram.disable();
    polling = false;
    await poller;
  }
  const tookMs = performance.now() - started;
  return { result, stall: { heldMs, loopMs: histogram.max / 1e6, healthMs, healthChecks, tookMs } };
}

/**
 * A measurement (`measure`, a measureStall with whatever it needs made first) taken once more when
 * its hold reaches `boundMs`, the second standing: a callback of ours that holds the loop does so
 * in each run, while on a shared virtual machine the main thread's CPU time can take in a slice the
 * host gave to another (steal) or a garbage collection of the test process's own heap (a 105 ms
 * "hold" of an MP4's submission in a run whose wall-clock loop delay was 311 ms, 38 ms on the other
 * engine beside it). What it leaves out: a hold only the first use of a path makes (searches on
 * PostgreSQL, quiet: 56 ms, then 16). The first run's figures go with the answer, for the report.
 */
export async function measureSettled<R extends { stall: Stall }>(
  boundMs: number,
  measure: () => Promise<R>,
): Promise<R & { first?: Stall }> {
  const first = await measure();
  if (first.stall.heldMs < boundMs) return first;
  return { ...(await measure()), first: first.stall };
}

export function describeStall(label: string, stall: Stall, first?: Stall): string {
  if (first)
    return `${describeStall(`${label}, measured again`, stall)}\n${describeStall(`${label}, first`, first)}`;
  return (
    `  ${label}: held ${stall.heldMs.toFixed(0)} ms (wall-clock loop delay ${stall.loopMs.toFixed(0)} ms), ` +
    `slowest /api/health ${stall.healthMs.toFixed(0)} ms (${stall.healthChecks} checks, ` +
    `${(stall.tookMs / 1000).toFixed(1)} s)`
  );
}
