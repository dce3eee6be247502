import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RenderPool, RenderPoolBusy, startRenderPool } from './render-pool.ts';

// The public pages are drawn on threads of their own (render-pool.ts): a thread that fails is
// replaced, and the threads end with the pool.
const logged: unknown[] = [];
const log = { error: (...args: unknown[]) => logged.push(args) } as never;
let pool: RenderPool;

beforeAll(async () => {
  pool = (await startRenderPool(1, log))!;
}, 60_000);
afterAll(async () => {
  await pool?.close();
});

const input = { url: '/about', answers: {}, lang: 'fo' as const, renderedAt: 1 };

describe('the page-drawing threads', () => {
  it('draw a page', async () => {
    expect(await pool.draw(input)).toMatch(/^<div class=/);
  });

  it('give up a page whose thread runs out of memory, and draw the next on a new thread', async () => {
    // Copying the message to the thread and the thread's collections near its bound take 1.5 s
    // on an idle machine and past the 3 s time limit on a busy one, which then ended the drawing
    // first ('The task has been aborted'): this pool's limit is out of the way.
    const patient = (await startRenderPool(1, log, { drawTimeLimitMs: 50_000 }))!;
    try {
      // More objects than the thread may hold (64 MB), made on the thread as the message is read.
      const huge = { ...input, answers: { '/api/huge': Array.from({ length: 2e6 }, (_, i) => ({ i })) } };
      await expect(patient.draw(huge)).rejects.toThrow(/memory/i);
      expect(await patient.draw(input)).toBe(await patient.draw(input));
    } finally {
      await patient.close();
    }
  }, 60_000);

  it('send a page undrawn at once when enough pages already wait, and draw those that wait', async () => {
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => pool.draw(input)));
    const drawn = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    // One on the thread and four waiting (QUEUED_PER_THREAD) at the least; the rest are refused.
    expect(drawn.length).toBeGreaterThanOrEqual(5);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) expect(r.reason).toBeInstanceOf(RenderPoolBusy);
    // Once they are drawn, the next page is drawn again.
    expect(await pool.draw(input)).toMatch(/^<div class=/);
  });

  it('are none when 0 are asked for: the browser draws every page', async () => {
    expect(await startRenderPool(0, log)).toBeNull();
  });
});
