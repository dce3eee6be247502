import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from '#server/test/expect-refusal.ts';
import { asRole, buildCategory, buildMedia, type TestRole } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/admin/categories', () => {
  it('lists every category, private ones too, by name, for content staff only', async () => {
    const hidden = await buildCategory(t, { name: 'zeta loynd', is_public: false });
    const shown = await buildCategory(t, { name: 'Alfa', is_public: true });
    const editor = await asRole(t, 'editor');
    const res = await editor.get('/api/admin/categories');
    expect(res.statusCode).toBe(200);
    const categories = res.json().categories as { id: string; name: string; isPublic: boolean }[];
    expect(categories.find((c) => c.id === hidden.id)).toMatchObject({ isPublic: false });
    expect(categories.find((c) => c.id === shown.id)).toMatchObject({ isPublic: true });
    const names = categories.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await (await asRole(t, 'viewer')).get('/api/admin/categories')).json().code).toBe('FORBIDDEN');
  });
});

/** One signed-in client per role for the whole file (sign-ins are rate limited). */
const clients = new Map<TestRole, ReturnType<typeof asRole>>();
function as(role: TestRole) {
  if (!clients.has(role)) clients.set(role, asRole(t, role));
  return clients.get(role)!;
}

type Card = {
  id: string;
  name: string;
  description: string | null;
  isPublic: boolean;
  mediaCount: number;
  viewCount: number;
  recentUploads: number;
  createdAt: string;
};

const logged = (id: string) =>
  t.db
    .selectFrom('activity_logs')
    .select(['action', 'resource_name', 'details'])
    .where('resource_id', '=', id)
    .orderBy('created_at')
    .execute();

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);

describe('GET /api/admin/categories/cards', () => {
  it('gives each category its item count, views and items of the last 7 days, counted by the database', async () => {
    const tag = `Kortsíða${Math.random().toString(36).slice(2, 8)}`;
    const full = await buildCategory(t, { name: `${tag} Bátar`, description: 'Róðrarbátar' });
    const empty = await buildCategory(t, { name: `${tag} Tóm`, is_public: false });
    await buildMedia(t, { category_id: full.id, view_count: 10, created_at: daysAgo(1) });
    await buildMedia(t, { category_id: full.id, view_count: 5, created_at: daysAgo(30), is_public: false });
    await buildMedia(t, { category_id: full.id, view_count: 0, created_at: daysAgo(8) });
    const editor = await as('editor');
    const res = await editor.get(`/api/admin/categories/cards?q=${encodeURIComponent(tag)}`);
    expect(res.statusCode, res.body).toBe(200);
    const { items, total, nextCursor } = res.json() as { items: Card[]; total: number; nextCursor: null };
    expect(total).toBe(2);
    expect(nextCursor).toBeNull();
    expect(items.map((c) => c.id)).toEqual([full.id, empty.id]);
    expect(items[0]).toMatchObject({
      mediaCount: 3,
      viewCount: 15,
      recentUploads: 1,
      description: 'Róðrarbátar',
    });
    expect(items[1]).toMatchObject({ mediaCount: 0, viewCount: 0, recentUploads: 0, isPublic: false });
    expect(Date.parse(items[0]!.createdAt)).not.toBeNaN();
  });

  it('searches name and description, case-insensitive, with % taken literally', async () => {
    const tag = `Leit${Math.random().toString(36).slice(2, 8)}`;
    const byName = await buildCategory(t, { name: `${tag} FÓLK` });
    const byDescription = await buildCategory(t, {
      name: 'Annað',
      description: `um ${tag.toLowerCase()} og bygdir`,
    });
    await buildCategory(t, { name: 'Heilt annað' });
    const editor = await as('editor');
    const ids = (await editor.get(`/api/admin/categories/cards?q=${tag.toUpperCase()}`))
      .json()
      .items.map((c: Card) => c.id);
    expect(ids.sort()).toEqual([byName.id, byDescription.id].sort());
    expect((await editor.get('/api/admin/categories/cards?q=%25%25%25')).json().total).toBe(0);
  });

  it('sorts by most items and pages by keyset without skipping or repeating', async () => {
    const tag = `Røð${Math.random().toString(36).slice(2, 8)}`;
    const made = [];
    for (let i = 0; i < 5; i++) {
      const category = await buildCategory(t, { name: `${tag} ${i}` });
      for (let j = 0; j < i; j++) await buildMedia(t, { category_id: category.id });
      made.push(category);
    }
    const editor = await as('editor');
    const seen: Card[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/categories/cards?q=${tag}&sort=items&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await editor.get(url)).json() as {
        items: Card[];
        nextCursor: string | null;
        total: number;
      };
      expect(page.total).toBe(5);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((c) => c.mediaCount)).toEqual([4, 3, 2, 1, 0]);
    expect(new Set(seen.map((c) => c.id)).size).toBe(5);
  });

  it('refuses visitors, contributors and viewers by code', async () => {
    expectRefusal(await (await as('anonymous')).get('/api/admin/categories/cards'), 401, 'UNAUTHORIZED');
    expectRefusal(await (await as('public')).get('/api/admin/categories/cards'), 403, 'FORBIDDEN');
    expectRefusal(await (await as('viewer')).get('/api/admin/categories/cards'), 403, 'FORBIDDEN');
    expectRefusal(
      await (await as('editor')).get('/api/admin/categories/cards?sort=colour'),
      400,
      'VALIDATION_ERROR',
      ['sort'],
    );
  });
});

describe('GET /api/admin/categories/stats', () => {
  it('counts categories, active and unused ones, tagged items and views over the whole archive', async () => {
    const admin = await as('admin');
    const before = (await admin.get('/api/admin/categories/stats')).json();
    const used = await buildCategory(t, { name: 'Statistikkur brúktur' });
    await buildCategory(t, { name: 'Statistikkur óbrúktur', is_public: false });
    await buildMedia(t, { category_id: used.id, view_count: 7 });
    await buildMedia(t, { category_id: used.id, view_count: 3, created_at: daysAgo(20) });
    await buildMedia(t, { view_count: 100 });
    const after = (await admin.get('/api/admin/categories/stats')).json();
    expect({
      total: after.total - before.total,
      active: after.active - before.active,
      unused: after.unused - before.unused,
      public: after.public - before.public,
      itemsTagged: after.itemsTagged - before.itemsTagged,
      totalMedia: after.totalMedia - before.totalMedia,
      views: after.views - before.views,
      recentUploads: after.recentUploads - before.recentUploads,
    }).toEqual({
      total: 2,
      active: 1,
      unused: 1,
      public: 1,
      itemsTagged: 2,
      totalMedia: 3,
      views: 10,
      recentUploads: 1,
    });
    expect(after.active + after.unused).toBe(after.total);
    expectRefusal(await (await as('viewer')).get('/api/admin/categories/stats'), 403, 'FORBIDDEN');
  });
});

describe('PATCH /api/admin/categories/:id', () => {
  it('edits name, description, colour and icon; empty description becomes none; logs what changed', async () => {
    const category = await buildCategory(t, { name: 'Gamalt', description: 'Lýsing', icon: '📷' });
    const editor = await as('editor');
    const res = await editor.patch(`/api/admin/categories/${category.id}`, {
      name: '  Nýtt ',
      description: '  ',
      color: '#10B981',
      icon: '⛵',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().category).toMatchObject({
      id: category.id,
      name: 'Nýtt',
      description: null,
      color: '#10B981',
      icon: '⛵',
      isPublic: true,
    });
    expect(await logged(category.id)).toEqual([
      {
        action: 'category.updated',
        resource_name: 'Nýtt',
        details: { name: 'Nýtt', description: null, color: '#10B981', icon: '⛵' },
      },
    ]);
  });

  it('toggles visibility alone, which the public filter obeys', async () => {
    const category = await buildCategory(t, { name: `Sjónligur ${Math.random()}` });
    const editor = await as('editor');
    const publicIds = async () =>
      (await t.app.inject('/api/categories')).json().categories.map((c: { id: string }) => c.id);
    expect(await publicIds()).toContain(category.id);
    const res = await editor.patch(`/api/admin/categories/${category.id}`, { isPublic: false });
    expect(res.json().category).toMatchObject({ isPublic: false, name: category.name });
    expect(await publicIds()).not.toContain(category.id);
    await editor.patch(`/api/admin/categories/${category.id}`, { isPublic: true });
    expect(await publicIds()).toContain(category.id);
  });

  it('refuses an empty name, a bad colour, an empty change, an unknown id and non-staff by code', async () => {
    const category = await buildCategory(t, { name: 'Óbroytt' });
    const admin = await as('admin');
    const url = `/api/admin/categories/${category.id}`;
    expectRefusal(await admin.patch(url, { name: '  ' }), 400, 'VALIDATION_ERROR', ['name']);
    expectRefusal(await admin.patch(url, { color: 'blue' }), 400, 'VALIDATION_ERROR', ['color']);
    expectRefusal(await admin.patch(url, {}), 400, 'VALIDATION_ERROR');
    expectRefusal(
      await admin.patch('/api/admin/categories/00000000-0000-4000-8000-000000000000', { name: 'X' }),
      404,
      'NOT_FOUND',
    );
    expectRefusal(await (await as('viewer')).patch(url, { isPublic: false }), 403, 'FORBIDDEN');
    expectRefusal(await (await as('public')).patch(url, { isPublic: false }), 403, 'FORBIDDEN');
    expectRefusal(await (await as('anonymous')).patch(url, { isPublic: false }), 401, 'UNAUTHORIZED');
    expectRefusal(await (await as('deactivated')).patch(url, { isPublic: false }), 401, 'UNAUTHORIZED');
    const row = await t.db
      .selectFrom('categories')
      .selectAll()
      .where('id', '=', category.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Óbroytt', is_public: true });
    expect(await logged(category.id)).toEqual([]);
  });
});

describe('DELETE /api/admin/categories/:id', () => {
  const categoryOf = (id: string) =>
    t.db.selectFrom('media_items').select('category_id').where('id', '=', id).executeTakeFirstOrThrow();

  it('deletes the category; its items stay, without a category, and the log says how many', async () => {
    const category = await buildCategory(t, { name: 'Til strikingar' });
    const items = [
      await buildMedia(t, { category_id: category.id }),
      await buildMedia(t, { category_id: category.id, is_public: false }),
    ];
    const other = await buildCategory(t, { name: 'Verður verandi' });
    const untouched = await buildMedia(t, { category_id: other.id });
    const editor = await as('editor');
    const res = await editor.delete(`/api/admin/categories/${category.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    for (const item of items) expect(await categoryOf(item.id)).toEqual({ category_id: null });
    expect(await categoryOf(untouched.id)).toEqual({ category_id: other.id });
    expect(await logged(category.id)).toEqual([
      { action: 'category.deleted', resource_name: 'Til strikingar', details: { uncategorizedItems: 2 } },
    ]);
    expectRefusal(await editor.delete(`/api/admin/categories/${category.id}`), 404, 'NOT_FOUND');
  });

  it('changes nothing when the delete fails: the items keep their category (one transaction)', async () => {
    const category = await buildCategory(t, { name: 'Verjd' });
    const item = await buildMedia(t, { category_id: category.id });
    // The category row refuses to go after its items were already cleared in the transaction.
    await sql`create function refuse_category_delete() returns trigger language plpgsql as $$ begin if old.id = ${sql.lit(category.id)} then raise exception 'refused'; end if; return old; end $$`.execute(
      t.db,
    );
    await sql`create trigger refuse_category_delete before delete on categories for each row execute function refuse_category_delete()`.execute(
      t.db,
    );
    try {
      const res = await (await as('admin')).delete(`/api/admin/categories/${category.id}`);
      expect(res.statusCode).toBe(500);
      expect(await categoryOf(item.id)).toEqual({ category_id: category.id });
      expect(await logged(category.id)).toEqual([]);
    } finally {
      await sql`drop trigger refuse_category_delete on categories`.execute(t.db);
      await sql`drop function refuse_category_delete()`.execute(t.db);
    }
    const cards = (await (await as('editor')).get('/api/admin/categories/cards?q=Verjd')).json();
    expect(cards.items.find((c: Card) => c.id === category.id)?.mediaCount).toBe(1);
  });

  it('refuses viewers, contributors and visitors by code and keeps the category', async () => {
    const category = await buildCategory(t, { name: 'Varin' });
    const item = await buildMedia(t, { category_id: category.id });
    const url = `/api/admin/categories/${category.id}`;
    expectRefusal(await (await as('viewer')).delete(url), 403, 'FORBIDDEN');
    expectRefusal(await (await as('public')).delete(url), 403, 'FORBIDDEN');
    expectRefusal(await (await as('anonymous')).delete(url), 401, 'UNAUTHORIZED');
    expect(await categoryOf(item.id)).toEqual({ category_id: category.id });
    expectRefusal(
      await (await as('editor')).delete('/api/admin/categories/not-an-id'),
      400,
      'VALIDATION_ERROR',
    );
  });
});

describe('POST /api/admin/categories', () => {
  it('logs the creation in the same transaction, and an editor may create', async () => {
    const res = await (await as('editor')).post('/api/admin/categories', {
      name: 'Skrásett',
      description: '',
      icon: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, description, icon } = res.json().category;
    expect({ description, icon }).toEqual({ description: null, icon: null });
    expect(await logged(id)).toEqual([
      { action: 'category.created', resource_name: 'Skrásett', details: null },
    ]);
    expectRefusal(await (await as('public')).post('/api/admin/categories', { name: 'X' }), 403, 'FORBIDDEN');
  });
});
