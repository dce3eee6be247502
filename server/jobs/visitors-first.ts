import { type EventLoopUtilityFunction, type EventLoopUtilization, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DatabaseHandle } from '../db/database.ts';

/** When background work waits for visitors' answers (see VisitorsFirst). */
export interface VisitorsFirstOptions {
  /** The event loop counts as busy at or above this share of its time spent working (0–1). */
  busyAbove: number;
  /** Over how long that share is measured, ms. */
  windowMs: number;
  /** The longest a job waits for a quiet moment before it runs anyway, ms. */
  maxWaitMs: number;
}

/**
 * The server's: a job waits while the event loop was at least 80 % busy over the last second, and
 * never more than 5 s (issue 31 §4). Under a crowd that keeps the loop busy, the uploads'
 * derivatives (libvips' threads on the cores the event loop needs: 60–90 % of one of two cores
 * under 1,000 visitors, bench/README.md "load") then run one every 5 s instead of one after the
 * other, and catch up once the crowd thins; a page load or two in a quiet hour delays nothing.
 */
export const SERVER_VISITORS_FIRST: VisitorsFirstOptions = {
  busyAbove: 0.8,
  windowMs: 1_000,
  maxWaitMs: 5_000,
};

const TICKS_PER_WINDOW = 4;

/** One thread's samples: its busy share in each of the last ticks. */
interface Loop {
  utilization: EventLoopUtilityFunction;
  last: EventLoopUtilization;
  ticks: number[];
}

/**
 * Measures how busy this process's event loop is (the share of time it spent running code rather
 * than waiting, node's eventLoopUtilization) over a sliding window, and lets background work wait
 * for a quiet moment: the event loop is where every visitor's request is read, answered and
 * written, so while it is the bottleneck, work that can wait should not take the cores it needs.
 * `threads`: other threads visitors' answers wait on, measured the same way (PGlite's, which runs
 * every query); the busiest counts. A timer samples them a few times a window (unref'd: it keeps
 * no process alive).
 */
export class VisitorsFirst {
  private readonly loops: Loop[];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: VisitorsFirstOptions,
    threads: readonly EventLoopUtilityFunction[] = [],
  ) {
    this.loops = [performance.eventLoopUtilization, ...threads].map((utilization) => ({
      utilization,
      last: utilization(),
      ticks: [],
    }));
  }

  start(): void {
    if (this.timer) return;
    for (const loop of this.loops) loop.last = loop.utilization();
    this.timer = setInterval(() => this.sample(), this.tickMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const loop of this.loops) loop.ticks.length = 0;
  }

  private get tickMs(): number {
    return Math.max(10, Math.round(this.options.windowMs / TICKS_PER_WINDOW));
  }

  private sample() {
    for (const loop of this.loops) {
      const now = loop.utilization();
      loop.ticks.push(loop.utilization(now, loop.last).utilization);
      loop.last = now;
      if (loop.ticks.length > TICKS_PER_WINDOW) loop.ticks.shift();
    }
  }

  /** The busiest thread's busy share over the last window (0 before the first sample). */
  get busy(): number {
    let busiest = 0;
    for (const { ticks } of this.loops) {
      if (ticks.length === 0) continue;
      busiest = Math.max(busiest, ticks.reduce((sum, tick) => sum + tick, 0) / ticks.length);
    }
    return busiest;
  }

  /**
   * Resolves once the event loop was less busy than `busyAbove` over the last window, when
   * `maxWaitMs` have passed, or when `stopped()` says so. At once when the loop is quiet.
   */
  async quiet(stopped: () => boolean = () => false): Promise<void> {
    const until = performance.now() + this.options.maxWaitMs;
    while (this.busy >= this.options.busyAbove && performance.now() < until && !stopped()) {
      await sleep(this.tickMs, undefined, { ref: false });
    }
  }
}

/**
 * The server's one measure of how busy it is, shared by the job runner and the database upkeep:
 * its event loop and, on PGlite, the database's thread (every query runs there). Started; the
 * caller stops it.
 */
export function visitorsFirstFor(
  database: Pick<DatabaseHandle, 'eventLoopUtilization'>,
  options: VisitorsFirstOptions = SERVER_VISITORS_FIRST,
): VisitorsFirst {
  const gate = new VisitorsFirst(
    options,
    database.eventLoopUtilization ? [database.eventLoopUtilization] : [],
  );
  gate.start();
  return gate;
}
