import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '#server/db/migrations/index.ts';
import { imageFixture } from '#server/test/fixtures.ts';
import {
  asRole,
  buildCategory,
  buildMedia,
  buildMediaMany,
  type RoleClient,
} from '#server/test/factories.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#server/test/harness.ts';
import { flushViews } from '../media/view-counts.ts';
import { multipartUpload } from '#server/test/multipart.ts';

/**
 * The staff figures the database keeps (migration 0008: media_totals, media_category_totals,
 * media_upload_days; with public_totals of 0006) always equal a fresh count of media_items, after
 * every kind of change the services make — uploads, edits, visibility and featured toggles,
 * category moves, bulk actions, deletes, views, a category deleted — one at a time, many at once
 * (on PostgreSQL the app's pool runs them on several connections), and after a rollback.
 */
let t: TestApp;
let admin: RoleClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await asRole(t, 'admin');
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const n = (v: unknown) => Number(v ?? 0);

/** The figures as the database keeps them. */
async function kept() {
  const totals = await t.db
    .selectFrom('media_totals')
    .crossJoin('public_totals')
    .select([
      'media_totals.items',
      'media_totals.featured',
      'media_totals.categorized',
      'media_totals.views',
      'public_totals.items as public',
      'public_totals.views as public_views',
    ])
    .executeTakeFirstOrThrow();
  const categories = await t.db
    .selectFrom('media_category_totals')
    .select(['category_id', 'items'])
    .where('items', '<>', '0')
    .orderBy('category_id')
    .execute();
  const days = await t.db
    .selectFrom('media_upload_days')
    .select([sql<string>`day::text`.as('day'), 'items'])
    .where('items', '<>', '0')
    .orderBy('day')
    .execute();
  return {
    items: n(totals.items),
    public: n(totals.public),
    featured: n(totals.featured),
    categorized: n(totals.categorized),
    views: n(totals.views),
    publicViews: n(totals.public_views),
    categories: categories.map((r) => [r.category_id, n(r.items)]),
    days: days.map((r) => [r.day, n(r.items)]),
  };
}

/** The same figures counted afresh from media_items. */
async function counted() {
  const totals = await sql<Record<string, string>>`select count(*) as items,
      count(*) filter (where is_public) as public, count(*) filter (where is_featured) as featured,
      count(category_id) as categorized, coalesce(sum(view_count), 0) as views,
      coalesce(sum(view_count) filter (where is_public), 0) as public_views
    from media_items`.execute(t.db);
  const categories = await sql<{ category_id: string; items: string }>`select category_id, count(*) as items
    from media_items where category_id is not null group by category_id order by category_id`.execute(t.db);
  const days = await sql<{
    day: string;
    items: string;
  }>`select (created_at at time zone 'UTC')::date::text as day,
      count(*) as items from media_items group by 1 order by 1`.execute(t.db);
  const row = totals.rows[0]!;
  return {
    items: n(row.items),
    public: n(row.public),
    featured: n(row.featured),
    categorized: n(row.categorized),
    views: n(row.views),
    publicViews: n(row.public_views),
    categories: categories.rows.map((r) => [r.category_id, n(r.items)]),
    days: days.rows.map((r) => [r.day, n(r.items)]),
  };
}

async function expectKeptEqualsCounted() {
  const fresh = await counted();
  expect(await kept()).toEqual(fresh);
  return fresh;
}

const ok = async <R extends { statusCode: number; body: string }>(res: Promise<R>, code = 200) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(code);
  return r;
};

async function upload(fields: Record<string, string>) {
  const { payload, headers } = multipartUpload(fields, { path: await imageFixture('png') });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/media',
    payload,
    headers: { ...headers, origin: TEST_ORIGIN, cookie: admin.cookie! },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().media as { id: string };
}

const view = (id: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/media/${id}/view`,
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN },
  });

describe('the staff totals', () => {
  it('follow every change the services make, one at a time', async () => {
    const [a, b, c] = [
      await buildCategory(t, { name: 'Bátar' }),
      await buildCategory(t, { name: 'Fólk' }),
      await buildCategory(t, { name: 'Hús' }),
    ];
    // 120 items over 12 days and three categories, some private, some featured, some viewed.
    const rows = await buildMediaMany(t, 120, (i) => ({
      category_id: [a.id, b.id, c.id, null][i % 4],
      is_public: i % 3 !== 0,
      is_featured: i % 7 === 0,
      view_count: i % 5,
      created_at: new Date(Date.now() - (i % 12) * DAY - i * 60_000),
    }));
    let fresh = await expectKeptEqualsCounted();
    expect(fresh).toMatchObject({ items: 120, categorized: 90 });
    expect(fresh.days.length).toBeGreaterThanOrEqual(12);

    // Uploads through the real service, one in a category, featured and private.
    const up1 = await upload({
      title: 'Nýggj mynd',
      categoryId: a.id,
      isFeatured: 'true',
      isPublic: 'false',
    });
    const up2 = await upload({ title: 'Onnur mynd' });
    fresh = await expectKeptEqualsCounted();
    expect(fresh.items).toBe(122);

    // Edits: visibility, featured, category moved, category taken away, a title (moves nothing).
    await ok(admin.patch(`/api/admin/media/${up1.id}`, { isPublic: true }));
    await ok(admin.patch(`/api/admin/media/${up1.id}`, { isFeatured: false, categoryId: b.id }));
    await ok(admin.patch(`/api/admin/media/${rows[1]!.id}`, { categoryId: null }));
    await ok(admin.patch(`/api/admin/media/${rows[3]!.id}`, { categoryId: c.id, isPublic: false }));
    await ok(admin.patch(`/api/admin/media/${up2.id}`, { title: 'Nýtt heiti' }));
    await expectKeptEqualsCounted();

    // Views of public items (and one refused for a private item).
    const publicItem = rows.find((r) => r.is_public)!;
    for (let i = 1; i <= 3; i++) await ok(view(publicItem.id, `10.0.0.${i}`));
    await view(rows[0]!.id, '10.0.0.9');
    // Counted into the items when the queue is moved (view-counts.ts).
    await flushViews(t.db);
    fresh = await expectKeptEqualsCounted();

    // Bulk actions: publish, unpublish, feature, unfeature, move, delete.
    const ids = rows.slice(10, 40).map((r) => r.id);
    for (const body of [
      { action: 'publish', ids },
      { action: 'unpublish', ids: ids.slice(0, 10) },
      { action: 'feature', ids: ids.slice(5, 25) },
      { action: 'unfeature', ids: ids.slice(0, 8) },
      { action: 'move', ids: ids.slice(0, 20), categoryId: c.id },
      { action: 'move', ids: ids.slice(15, 25), categoryId: null },
      { action: 'delete', ids: ids.slice(20, 30) },
    ])
      await ok(admin.post('/api/admin/media/bulk', body));
    await expectKeptEqualsCounted();

    // One item deleted; a category deleted (its items lose it by the foreign key's set null).
    await ok(admin.delete(`/api/admin/media/${rows[50]!.id}`), 204);
    await ok(admin.delete(`/api/admin/categories/${a.id}`), 204);
    fresh = await expectKeptEqualsCounted();
    expect(fresh.categories.map(([id]) => id)).not.toContain(a.id);

    // An import correcting dates moves items between days.
    await t.db
      .updateTable('media_items')
      .set({ created_at: sql`now() - interval '30 days'` })
      .where(
        'id',
        'in',
        rows.slice(60, 70).map((r) => r.id),
      )
      .execute();
    await expectKeptEqualsCounted();

    // A change that fails leaves them as they were.
    const before = await kept();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('media_items')
          .set({ is_featured: true, category_id: b.id, view_count: 1 })
          .execute();
        await trx.deleteFrom('media_items').where('id', '=', rows[70]!.id).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await kept()).toEqual(before);
    await expectKeptEqualsCounted();
  });

  it('stay exact under many changes at once', async () => {
    const categories = [
      await buildCategory(t, { name: 'Samtíðis 1' }),
      await buildCategory(t, { name: 'Samtíðis 2' }),
    ];
    const rows = await buildMediaMany(t, 200, (i) => ({
      category_id: categories[i % 2]!.id,
      is_public: i % 2 === 0,
      created_at: new Date(Date.now() - (i % 9) * DAY),
    }));
    const ids = rows.map((r) => r.id);
    const work: Promise<unknown>[] = [];
    for (let k = 0; k < 10; k++) {
      const slice = ids.slice(k * 20, k * 20 + 20);
      work.push(
        ok(admin.post('/api/admin/media/bulk', { action: k % 2 ? 'publish' : 'unpublish', ids: slice })),
        ok(admin.post('/api/admin/media/bulk', { action: 'feature', ids: slice.slice(0, 10) })),
        ok(
          admin.post('/api/admin/media/bulk', {
            action: 'move',
            ids: slice.slice(5, 15),
            categoryId: categories[(k + 1) % 2]!.id,
          }),
        ),
        ok(admin.post('/api/admin/media/bulk', { action: 'delete', ids: slice.slice(18) })),
        buildMediaMany(t, 5, (i) => ({ category_id: categories[i % 2]!.id, is_featured: i === 0 })),
        buildMedia(t, { created_at: new Date(Date.now() - k * DAY) }),
        ok(view(rows[k * 20]!.id, `10.1.0.${k}`))
          .then(() => flushViews(t.db))
          .catch(() => undefined),
        ok(admin.patch(`/api/admin/media/${slice[16]}`, { isPublic: true, categoryId: null })),
      );
    }
    // Overlapping bulk actions on the same items too: each waits for the other's row locks.
    work.push(
      ok(admin.post('/api/admin/media/bulk', { action: 'publish', ids: ids.slice(0, 100) })),
      ok(admin.post('/api/admin/media/bulk', { action: 'unfeature', ids: ids.slice(50, 150) })),
    );
    await Promise.all(work);
    await expectKeptEqualsCounted();
  });

  it('answer the dashboard and the media screen as a fresh count would', async () => {
    const fresh = await counted();
    const dashboard = (await ok(admin.get('/api/admin/dashboard'))).json();
    expect(dashboard.stats).toMatchObject({
      totalMedia: fresh.items,
      publicMedia: fresh.public,
      featuredMedia: fresh.featured,
      categorizedMedia: fresh.categorized,
      totalViews: fresh.views,
    });
    const recent = await sql<{ n: string }>`select count(*) as n from media_items
      where created_at >= now() - interval '7 days'`.execute(t.db);
    expect(dashboard.stats.recentUploads).toBe(n(recent.rows[0]!.n));
    const top = await sql<{ id: string; n: string }>`select c.id, count(*) as n from categories c
      join media_items m on m.category_id = c.id group by c.id, c.name order by n desc, c.name, c.id limit 5`.execute(
      t.db,
    );
    expect(dashboard.categoryDistribution.map((c: { id: string; count: number }) => [c.id, c.count])).toEqual(
      top.rows.map((r) => [r.id, n(r.n)]),
    );

    const stats = (await ok(admin.get('/api/admin/media/stats'))).json();
    expect(stats).toMatchObject({
      total: fresh.items,
      public: fresh.public,
      featured: fresh.featured,
      categorized: fresh.categorized,
      views: fresh.views,
    });

    // The list's total, kept or counted, is every matching row for each filter.
    const category = top.rows[0]!.id;
    const folder = await t.db
      .insertInto('folders')
      .values({ name: 'Kassi' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await buildMedia(t, { folder_id: folder.id, category_id: category, is_public: false });
    const where: Record<string, string> = {
      '': 'true',
      'isPublic=true': 'is_public',
      'isPublic=false': 'not is_public',
      'isFeatured=true': 'is_featured',
      'isFeatured=false': 'not is_featured',
      [`category=${category}`]: `category_id = '${category}'`,
      'category=none': 'category_id is null',
      [`category=${category}&isPublic=false`]: `category_id = '${category}' and not is_public`,
      [`folder=${folder.id}`]: `folder_id = '${folder.id}'`,
      'q=Mynd': `(title ilike '%Mynd%' or description ilike '%Mynd%' or photographer ilike '%Mynd%')`,
    };
    for (const [query, condition] of Object.entries(where)) {
      const expected = await sql<{
        n: string;
      }>`select count(*) as n from media_items where ${sql.raw(condition)}`.execute(t.db);
      const first = (await ok(admin.get(`/api/admin/media?limit=5&${query}`))).json();
      expect(first.total, query).toBe(n(expected.rows[0]!.n));
      expect(first.total, query).toBeGreaterThan(0);
      if (first.nextCursor) {
        const second = (
          await ok(admin.get(`/api/admin/media?limit=5&${query}&cursor=${first.nextCursor}`))
        ).json();
        expect(second.total, query).toBe(first.total);
      }
    }
  });

  it('start from the rows there are when the migration runs', async () => {
    const migration = migrations['20261123_0008_staff_totals']!;
    await t.db.transaction().execute(async (trx) => {
      // biome-ignore lint/suspicious/noExplicitAny: migrations take the untyped schema
      await migration.down!(trx as any);
      // biome-ignore lint/suspicious/noExplicitAny: see above
      await migration.up(trx as any);
    });
    const fresh = await expectKeptEqualsCounted();
    expect(fresh.items).toBeGreaterThan(300);
  });
});
