import { describe, expect, it } from 'vitest';
import { PixelBudget } from './pixel-budget.ts';

/** A job that runs until released, recording when it started. */
function job(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((r) => {
    release = r;
  });
  return {
    release,
    work: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
    },
  };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('the pixel budget of images made at once', () => {
  it('lets small images run side by side', async () => {
    const budget = new PixelBudget(100);
    const log: string[] = [];
    const a = job(log, 'a');
    const b = job(log, 'b');
    const runs = [budget.run(30, a.work), budget.run(30, b.work)];
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    a.release();
    b.release();
    await Promise.all(runs);
  });

  it('makes an image as large as the budget alone, and keeps the order of those waiting', async () => {
    const budget = new PixelBudget(100);
    const log: string[] = [];
    const small = job(log, 'small');
    const large = job(log, 'large');
    const after = job(log, 'after');
    const runs = [budget.run(10, small.work), budget.run(5_000, large.work), budget.run(10, after.work)];
    await settle();
    // The large one waits for the small one; the small one after it does not pass it.
    expect(log).toEqual(['start small']);
    small.release();
    await settle();
    expect(log).toEqual(['start small', 'end small', 'start large']);
    large.release();
    await settle();
    expect(log.slice(-2)).toEqual(['end large', 'start after']);
    after.release();
    await Promise.all(runs);
  });

  it('counts an image of unknown size as the whole budget, and frees it when the work fails', async () => {
    const budget = new PixelBudget(100);
    await expect(budget.run(null, async () => Promise.reject(new Error('bad image')))).rejects.toThrow(
      'bad image',
    );
    const log: string[] = [];
    const a = job(log, 'a');
    const run = budget.run(100, a.work);
    await settle();
    expect(log).toEqual(['start a']);
    a.release();
    await run;
  });
});
