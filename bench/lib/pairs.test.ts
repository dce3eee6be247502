import { describe, expect, it } from 'vitest';
import { interleavedPairs, medianOf, pairedVerdict, type RunFigures, summarisePairs } from './pairs.ts';

const run = (performance: number, extra: Partial<RunFigures> = {}): RunFigures => ({
  performance,
  lcpMs: 1000,
  cls: 0,
  tbtMs: 100,
  threadTbtMs: 50,
  ...extra,
});

describe('the web bench’s paired runs', () => {
  it('run pair n of every page before pair n + 1 of any, the baseline first and second in turn', () => {
    const steps = interleavedPairs(['/', '/login'], 3);
    expect(
      steps.map((s) => `${s.pair} ${s.page} ${s.baselineFirst ? 'baseline first' : 'page first'}`),
    ).toEqual([
      '1 / baseline first',
      '1 /login baseline first',
      '2 / page first',
      '2 /login page first',
      '3 / baseline first',
      '3 /login baseline first',
    ]);
    expect(interleavedPairs(['/'], 5)).toHaveLength(5);
  });

  it('take the median, of an odd or even count, leaving out runs without the figure', () => {
    expect(medianOf([3, 1, 2])).toBe(2);
    expect(medianOf([4, 1, 3, 2])).toBe(2.5);
    expect(medianOf([Number.NaN, 7])).toBe(7);
    expect(medianOf([])).toBeNaN();
  });

  it('give the median of the gaps within pairs, not the gap between the two medians', () => {
    // The machine was slow in pairs 2 and 3: both sides lost points there.
    const summary = summarisePairs([
      { page: run(97, { lcpMs: 1500 }), baseline: run(99) },
      { page: run(88, { lcpMs: 2400 }), baseline: run(91) },
      { page: run(90, { lcpMs: 1900, cls: 0.01 }), baseline: run(92) },
      { page: run(99, { lcpMs: 1400 }), baseline: run(100) },
      { page: run(95, { lcpMs: 1600, threadTbtMs: 80 }), baseline: run(94) },
    ]);
    expect(summary).toMatchObject({ pairs: 5, gap: -2, score: 95, baselineScore: 94, lcpMs: 1600 });
    expect(summary.threadTbtMs).toBe(50);
    expect(pairedVerdict(summary)).toEqual({ gap: true, lcp: true, cls: true });
    expect(pairedVerdict({ ...summary, gap: -2.5, lcpMs: 2001, cls: 0.051 })).toEqual({
      gap: false,
      lcp: false,
      cls: false,
    });
  });
});
