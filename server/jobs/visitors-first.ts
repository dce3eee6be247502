import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

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
 * The server's: a job waits while the event loop was at least 90 % busy over the last second, and
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

/**
 * Measures how busy this process's event loop is (the share of time it spent running code rather
 * than waiting, node's eventLoopUtilization) over a sliding window, and lets background work wait
 * for a quiet moment: the event loop is where every visitor's request is read, answered and
 * written, so while it is the bottleneck, work that can wait should not take the cores it needs.
 * A timer samples the loop a few times a window (unref'd: it keeps no process alive).
 */
export class VisitorsFirst {
  private readonly ticks: number[] = [];
  private last = performance.eventLoopUtilization();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: VisitorsFirstOptions) {}

  start(): void {
    if (this.timer) return;
    this.last = performance.eventLoopUtilization();
    this.timer = setInterval(() => this.sample(), this.tickMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.ticks.length = 0;
  }

  private get tickMs(): number {
    return Math.max(10, Math.round(this.options.windowMs / TICKS_PER_WINDOW));
  }

  private sample() {
    const now = performance.eventLoopUtilization();
    this.ticks.push(performance.eventLoopUtilization(now, this.last).utilization);
    this.last = now;
    if (this.ticks.length > TICKS_PER_WINDOW) this.ticks.shift();
  }

  /** The event loop's busy share over the last window (0 before the first sample). */
  get busy(): number {
    if (this.ticks.length === 0) return 0;
    return this.ticks.reduce((sum, tick) => sum + tick, 0) / this.ticks.length;
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
