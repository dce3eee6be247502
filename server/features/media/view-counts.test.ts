import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedAnswer } from '#server/db/data-versions.ts';
import { testEngine } from '#server/test/engine.ts';
import { buildMedia } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { recordView } from './media.repository.ts';
import { createViewFlusher, flushViews, VIEW_COUNTS_SHOWN_WITHIN_MS } from './view-counts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const version = async () =>
  Number((await sql<{ version: string }>`select version from data_versions`.execute(t.db)).rows[0]?.version);

const viewsOf = async (id: string) => {
  const item = await t.db
    .selectFrom('media_items')
    .select('view_count')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const logged = await t.db
    .selectFrom('media_usage_log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('media_item_id', '=', id)
    .where('action', '=', 'view')
    .executeTakeFirstOrThrow();
  const queued = await t.db
    .selectFrom('media_view_queue')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('media_item_id', '=', id)
    .executeTakeFirstOrThrow();
  return { count: item.view_count, logged: Number(logged.n), queued: Number(queued.n) };
};

const view = (app: TestApp, id: string, ip: string) =>
  app.app.inject({ method: 'POST', url: `/api/media/${id}/view`, remoteAddress: ip });

describe('a counted view', () => {
  it('does not move the public version, so kept answers stay kept; a change of anything else does', async () => {
    const item = await buildMedia(t, { title: 'Tinganes', is_public: true });
    let made = 0;
    const kept = () => sharedAnswer(t.db, 'view test', async () => ++made);
    expect(await kept()).toBe(1);
    const before = await version();

    expect((await view(t, item.id, '198.51.100.1')).json()).toEqual({ viewCount: 1 });
    expect(await version()).toBe(before);
    await flushViews(t.db);
    expect(await viewsOf(item.id)).toEqual({ count: 1, logged: 1, queued: 0 });
    expect(await version()).toBe(before);
    expect(await kept()).toBe(1);

    // Whoever writes the count alone: the totals move with it, the version does not.
    await sql`update media_items set view_count = view_count + 5 where id = ${item.id}`.execute(t.db);
    expect(await version()).toBe(before);
    expect(await kept()).toBe(1);
    // Any other column changed with it moves it.
    await sql`update media_items set view_count = view_count + 1, title = 'Á Tinganesi' where id = ${item.id}`.execute(
      t.db,
    );
    expect(await version()).toBe(before + 1);
    expect(await kept()).toBe(2);
    const totals = await sql<{ views: string }>`select views from public_totals`.execute(t.db);
    const counted = await sql<{ views: string }>`select coalesce(sum(view_count), 0) as views from media_items
      where is_public`.execute(t.db);
    expect(Number(totals.rows[0]?.views)).toBe(Number(counted.rows[0]?.views));
  });

  it('is shown in the kept answers at most once a minute, and at once after a quiet while', async () => {
    const item = await buildMedia(t, { is_public: true });
    const flusher = createViewFlusher(t.db);
    try {
      const start = Date.now();
      await recordView(t.db, item.id, null);
      flusher.noteQueued();
      let before = await version();
      await flusher.tick(start);
      expect(await version()).toBe(before + 1);
      expect((await viewsOf(item.id)).count).toBe(1);

      // Moved, not yet shown: the version stays until the minute is over.
      before = await version();
      await recordView(t.db, item.id, null);
      flusher.noteQueued();
      await flusher.tick(start + 10_000);
      expect((await viewsOf(item.id)).count).toBe(2);
      expect(await version()).toBe(before);
      await flusher.tick(start + VIEW_COUNTS_SHOWN_WITHIN_MS - 1);
      expect(await version()).toBe(before);
      // Nothing new is queued, but what was moved is shown once the minute has passed.
      await flusher.tick(start + VIEW_COUNTS_SHOWN_WITHIN_MS);
      expect(await version()).toBe(before + 1);
      await flusher.tick(start + 2 * VIEW_COUNTS_SHOWN_WITHIN_MS + 1);
      expect(await version()).toBe(before + 1);
    } finally {
      await flusher.stop();
    }
  });
});

describe('views are not lost', () => {
  it('sent to two instances at once, each stopping: every one counted and logged once', async () => {
    const item = await buildMedia(t, { is_public: true });
    // Two more instances of the server on the same database (the file's own stays open).
    const shared = { db: t.db, engine: testEngine(), close: async () => {} };
    const one = await createTestApp({ database: shared });
    const two = await createTestApp({ database: shared });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => view(i % 2 ? two : one, item.id, `203.0.113.${i + 1}`)),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    // Each answer counted its own view: forty different counts, 1 to 40.
    expect(new Set(answers.map((res) => res.json().viewCount)).size).toBeGreaterThan(1);
    await one.close();
    await two.close();
    expect(await viewsOf(item.id)).toEqual({ count: 40, logged: 40, queued: 0 });
  });

  it('left queued by an instance that never stopped (a crash): moved by another', async () => {
    const item = await buildMedia(t, { is_public: true });
    await recordView(t.db, item.id, 'Crashed/1');
    await recordView(t.db, item.id, 'Crashed/1');
    expect(await viewsOf(item.id)).toEqual({ count: 0, logged: 0, queued: 2 });
    // Another instance, told of no view of its own, moves what is queued on its first tick.
    const other = createViewFlusher(t.db);
    await other.tick();
    expect(await viewsOf(item.id)).toEqual({ count: 2, logged: 2, queued: 0 });
    await other.stop();
  });

  it('of an item deleted meanwhile: gone with it, and the rest still moved', async () => {
    const gone = await buildMedia(t, { is_public: true });
    const kept = await buildMedia(t, { is_public: true });
    await recordView(t.db, gone.id, null);
    await recordView(t.db, kept.id, null);
    await t.db.deleteFrom('media_items').where('id', '=', gone.id).execute();
    await flushViews(t.db);
    expect(await viewsOf(kept.id)).toEqual({ count: 1, logged: 1, queued: 0 });
  });
});

describe.runIf(testEngine() === 'postgres')('moving views on PostgreSQL', () => {
  it('never waits for an item another transaction holds: its views wait for the next move', async () => {
    const held = await buildMedia(t, { is_public: true });
    const free = await buildMedia(t, { is_public: true });
    await recordView(t.db, held.id, null);
    await recordView(t.db, free.id, null);
    await t.db.transaction().execute(async (trx) => {
      await sql`update media_items set title = 'Í arbeiði' where id = ${held.id}`.execute(trx);
      // Another connection of the pool, while this transaction holds the item's row.
      await flushViews(t.db);
      expect((await viewsOf(free.id)).count).toBe(1);
      expect((await viewsOf(held.id)).queued).toBe(1);
    });
    await flushViews(t.db);
    expect(await viewsOf(held.id)).toEqual({ count: 1, logged: 1, queued: 0 });
  });
});
