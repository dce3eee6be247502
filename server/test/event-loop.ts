import { readFileSync } from 'node:fs';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';

export interface Stall {
  /** Most CPU time the main thread spent between two ticks of the probe (see heldTimes), ms. */
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
 * The main thread's own CPU time, ms (Linux: the first field of its schedstat), or undefined where
 * the system does not say.
 */
function mainThreadCpuMs(): number | undefined {
  try {
    return Number(readFileSync(SCHEDSTAT, 'latin1').split(' ')[0]) / 1e6;
  } catch {
    return undefined;
  }
}

/**
 * Watches the event loop with a timer ticking every TICK_MS: the main thread's CPU time between two
 * ticks is how long our code held the loop. Wall-clock gaps would also count the time other
 * processes took the CPUs (on a busy two-core machine, hundreds of milliseconds) and the GC's
 * helper threads waited for them; they are reported, not asserted. Where the system does not say,
 * the wall-clock gap less the tick is used. Work on other threads (the database's, libvips') is
 * not the main thread's CPU time and does not count.
 */
function heldTimes() {
  let last = performance.now();
  let lastCpu = mainThreadCpuMs();
  let max = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = mainThreadCpuMs();
    max = Math.max(max, cpu !== undefined && lastCpu !== undefined ? cpu - lastCpu : now - last - TICK_MS);
    last = now;
    lastCpu = cpu;
  }, TICK_MS);
  return {
    stop() {
      clearInterval(timer);
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

export function describeStall(label: string, stall: Stall): string {
  return (
    `  ${label}: held ${stall.heldMs.toFixed(0)} ms (wall-clock loop delay ${stall.loopMs.toFixed(0)} ms), ` +
    `slowest /api/health ${stall.healthMs.toFixed(0)} ms (${stall.healthChecks} checks, ` +
    `${(stall.tookMs / 1000).toFixed(1)} s)`
  );
}
