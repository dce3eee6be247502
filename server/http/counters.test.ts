import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocument, buildMedia } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { flushViews } from '#server/features/media/view-counts.ts';
import { COUNT_ONCE_WINDOW_SECONDS, countOnceKey } from './rate-limit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const hit = (url: string, remoteAddress: string) => t.app.inject({ method: 'POST', url, remoteAddress });

describe('POST /api/media/:id/view', () => {
  it('counts one view per item per address (IPv6 by /64) in ten minutes, answering the count unchanged', async () => {
    const { id } = await buildMedia(t, { is_public: true });
    const url = `/api/media/${id}/view`;
    expect((await hit(url, '203.0.113.1')).json()).toEqual({ viewCount: 1 });
    expect((await hit(url, '203.0.113.1')).json()).toEqual({ viewCount: 1 });
    expect((await hit(url, '2001:db8::1')).json()).toEqual({ viewCount: 2 });
    expect((await hit(url, '2001:db8::2')).json()).toEqual({ viewCount: 2 });
    expect((await hit(url, '203.0.113.2')).json()).toEqual({ viewCount: 3 });
    // Queued: counted in the item and logged when the queue is moved (view-counts.ts) …
    await flushViews(t.db);
    const item = await t.db
      .selectFrom('media_items')
      .select('view_count')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(item?.view_count).toBe(3);
    // … and answered the same before and after.
    expect((await hit(url, '2001:db8::3')).json()).toEqual({ viewCount: 3 });
    const log = await t.db
      .selectFrom('media_usage_log')
      .select('id')
      .where('media_item_id', '=', id)
      .execute();
    expect(log).toHaveLength(3);

    // Once the window has passed, the same address counts again.
    await t.db
      .updateTable('rate_limits')
      .set({ last_request: Date.now() - (COUNT_ONCE_WINDOW_SECONDS + 1) * 1000 })
      .where('key', '=', countOnceKey('view', id, '203.0.113.1'))
      .execute();
    expect((await hit(url, '203.0.113.1')).json()).toEqual({ viewCount: 4 });
    expect((await hit(url, '203.0.113.5')).json()).toEqual({ viewCount: 5 });
  });

  it('still refuses an item that is not public, counted or not', async () => {
    const { id } = await buildMedia(t, { is_public: false });
    expect((await hit(`/api/media/${id}/view`, '203.0.113.9')).statusCode).toBe(404);
    expect((await hit(`/api/media/${id}/view`, '203.0.113.9')).statusCode).toBe(404);
  });
});

describe('POST /api/documents/:id/download', () => {
  it('counts one download per document per address in ten minutes', async () => {
    const { id } = await buildDocument(t, { is_public: true });
    const url = `/api/documents/${id}/download`;
    expect((await hit(url, '203.0.113.1')).json()).toEqual({ downloadCount: 1 });
    expect((await hit(url, '203.0.113.1')).json()).toEqual({ downloadCount: 1 });
    expect((await hit(url, '203.0.113.3')).json()).toEqual({ downloadCount: 2 });
    const hidden = await buildDocument(t, { is_public: false });
    expect((await hit(`/api/documents/${hidden.id}/download`, '203.0.113.1')).statusCode).toBe(404);
  });
});
