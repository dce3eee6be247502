/**
 * The web bench's paired runs: every Lighthouse run of a page is paired with a run of the static
 * baseline page right beside it, so what the shared machine does at that moment (other work on
 * its two cores) weighs on both runs of a pair alike, and the figure read is the gap between them.
 */

/** One Lighthouse run, as far as the pairing needs it. */
export interface RunFigures {
  performance: number;
  lcpMs: number;
  cls: number;
  /** Lighthouse's TBT (simulated from wall time). */
  tbtMs: number;
  /** TBT from the tasks' thread (CPU) time: the page's own share. */
  threadTbtMs: number;
}

export interface PairedRun<F extends RunFigures = RunFigures> {
  page: F;
  baseline: F;
}

/** One step of the schedule: run `page`'s pair number `pair`, the baseline first or second. */
export interface PairStep {
  page: string;
  pair: number;
  baselineFirst: boolean;
}

/**
 * The order of the runs: pair 1 of every page, then pair 2 of every page, and so on, so a slow
 * minute of the machine falls on every page rather than on one; within a pair the baseline runs
 * first in odd pairs and second in even ones, so neither side always gets the warmer browser.
 */
export function interleavedPairs(pages: readonly string[], pairs: number): PairStep[] {
  const steps: PairStep[] = [];
  for (let pair = 1; pair <= pairs; pair++) {
    for (const page of pages) steps.push({ page, pair, baselineFirst: pair % 2 === 1 });
  }
  return steps;
}

/** The median of `values` (the mean of the two middle ones for an even count); NaN when empty. */
export function medianOf(values: readonly number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = sorted.length / 2;
  return sorted.length % 2 === 1 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export interface PairedSummary {
  pairs: number;
  /** Median over the pairs of (page's performance score − its baseline run's score). */
  gap: number;
  baselineScore: number;
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  threadTbtMs: number;
}

/** A page's figures over its pairs: the median gap to the baseline and the page's own medians. */
export function summarisePairs(runs: readonly PairedRun[]): PairedSummary {
  const of = (pick: (run: PairedRun) => number) => medianOf(runs.map(pick));
  return {
    pairs: runs.length,
    gap: of((r) => r.page.performance - r.baseline.performance),
    baselineScore: of((r) => r.baseline.performance),
    score: of((r) => r.page.performance),
    lcpMs: of((r) => r.page.lcpMs),
    cls: of((r) => r.page.cls),
    tbtMs: of((r) => r.page.tbtMs),
    threadTbtMs: of((r) => r.page.threadTbtMs),
  };
}

export const PAIRED_GOALS = { gap: -2, lcpMs: 2000, cls: 0.05 } as const;

/** The verdicts of one page against the goals: median gap ≥ −2 points, LCP ≤ 2.0 s, CLS ≤ 0.05. */
export function pairedVerdict(summary: PairedSummary): { gap: boolean; lcp: boolean; cls: boolean } {
  return {
    gap: summary.gap >= PAIRED_GOALS.gap,
    lcp: summary.lcpMs <= PAIRED_GOALS.lcpMs,
    cls: summary.cls <= PAIRED_GOALS.cls,
  };
}
