/**
 * The import's wait for its items' derivatives (server/import/run-import.ts): it asks about a
 * window of the items at a time (a thousand; two here), in the order they were queued, and ends
 * only when every item is made or failed, with each failure's message for its report line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMediaMany } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { pollUntil } from '#server/test/poll.ts';
import { waitForDerivatives } from './run-import.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('waitForDerivatives', () => {
  it('waits for every item, two asked about at a time, out of order, and notes the failed one', async () => {
    const items = await buildMediaMany(t, 7, () => ({ processing_status: 'pending' }));
    const ids = items.map((item) => item.display_id);
    const set = (i: number, processing_status: 'ready' | 'failed', processing_error?: string) =>
      t.db
        .updateTable('media_items')
        .set({ processing_status, processing_error: processing_error ?? null })
        .where('display_id', '=', ids[i]!)
        .execute();
    const notes: string[] = [];
    let settled = false;
    const waiting = waitForDerivatives(t.ctx, ids, { note: (line) => notes.push(line) }, 2).finally(() => {
      settled = true;
    });
    // The second item's job is the slow one; the others are made around it, the fourth fails, the
    // seventh item is deleted meanwhile (not waited for).
    await set(0, 'ready');
    await set(2, 'ready');
    await set(3, 'failed', 'Ógyldug mynd');
    await set(4, 'ready');
    await set(5, 'ready');
    await t.db.deleteFrom('media_items').where('display_id', '=', ids[6]!).execute();
    // Every item but the second seen done: still waiting (the note is written before the pause).
    await pollUntil('all but the second item seen done', () => notes.at(-1) === 'making derivatives: 6 of 7');
    expect(settled).toBe(false);
    await set(1, 'ready');
    expect(await waiting).toEqual(new Map([[ids[3], 'its derivatives could not be made: Ógyldug mynd']]));
  });
});
