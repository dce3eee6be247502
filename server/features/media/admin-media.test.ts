import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMediaItem } from '#common/api/media.ts';
import { createFolder } from '#server/features/folders/folders.repository.ts';
import { imageFixture } from '#server/test/fixtures.ts';
import {
  asRole,
  asRoles,
  buildCategory,
  buildMedia,
  buildMediaMany,
  buildSlideshow,
  type RoleClient,
} from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { multipartUpload } from '#server/test/multipart.ts';

let t: TestApp;
let admin: RoleClient;
let editor: RoleClient;
let viewer: RoleClient;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor, viewer } = await asRoles(t, ['admin', 'editor', 'viewer']));
});
afterAll(() => t.close());

const folderOf = (name: string) => createFolder(t.db, { name, created_by: admin.user!.id });

async function list(query: string, as = editor) {
  const res = await as.get(`/api/admin/media?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: AdminMediaItem[]; total: number; nextCursor: string | null };
}

/** Every page of a list, following the cursors. */
async function allPages(query: string) {
  const ids: string[] = [];
  const items: AdminMediaItem[] = [];
  let cursor: string | null = null;
  let total = 0;
  do {
    const page = await list(`${query}&limit=50${cursor ? `&cursor=${cursor}` : ''}`);
    items.push(...page.items);
    ids.push(...page.items.map((i) => i.id));
    total = page.total;
    cursor = page.nextCursor;
  } while (cursor);
  return { ids, items, total };
}

function activityFor(ids: string[]) {
  return t.db.selectFrom('activity_logs').selectAll().where('resource_id', 'in', ids).execute();
}

async function uploadImage(title: string) {
  const { payload, headers } = multipartUpload({ title }, { path: await imageFixture('png') });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/media',
    payload,
    headers: { ...headers, cookie: editor.cookie! },
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.jobs.drain();
  return res.json().media as { id: string };
}

describe('GET /api/admin/media', () => {
  it('includes private items, with category, folder and thumbnail', async () => {
    const category = await buildCategory(t, {
      name: 'Bátar',
      color: '#112233',
      icon: '⛵',
      is_public: false,
    });
    const folder = await folderOf('Kassi 1');
    const item = await buildMedia(t, {
      title: 'Privat bátur',
      is_public: false,
      category_id: category.id,
      folder_id: folder.id,
    });
    const { items } = await list(`folder=${folder.id}`);
    expect(items.map((i) => i.id)).toEqual([item.id]);
    expect(items[0]).toMatchObject({
      isPublic: false,
      category: { id: category.id, name: 'Bátar', color: '#112233', icon: '⛵' },
      folder: { id: folder.id, name: 'Kassi 1' },
    });
    const uploaded = await uploadImage('Við thumbnail');
    const withThumb = (await list('q=Við thumbnail')).items.find((i) => i.id === uploaded.id);
    expect(withThumb?.files.thumb).toMatch(new RegExp(`^/files/media/${uploaded.id}/thumb`));
  });

  it('searches title, description and photographer, ignoring case, and nothing else', async () => {
    const marker = 'Zqxlanternu';
    const byTitle = await buildMedia(t, { title: `Gamla ${marker}` });
    const byDescription = await buildMedia(t, { description: `um ${marker.toUpperCase()} og meira` });
    const byPhotographer = await buildMedia(t, { photographer: marker.toLowerCase() });
    await buildMedia(t, { location: marker, source: marker });
    const { items, total } = await list(`q=${marker.toLowerCase()}`);
    expect(items.map((i) => i.id).sort()).toEqual([byTitle.id, byDescription.id, byPhotographer.id].sort());
    expect(total).toBe(3);
    // Wildcards are text, not patterns.
    expect((await list('q=%25')).items.every((i) => i.title.includes('%'))).toBe(true);
  });

  it('filters by category, folder (or none of either), public, featured and media type', async () => {
    const category = await buildCategory(t);
    const folder = await folderOf('Filter folder');
    const a = await buildMedia(t, { category_id: category.id, is_public: false, media_type: 'video' });
    const b = await buildMedia(t, { category_id: category.id, folder_id: folder.id, is_featured: true });
    const c = await buildMedia(t, { folder_id: folder.id, is_public: false });
    const ids = async (query: string) => (await allPages(query)).ids;
    expect((await ids(`category=${category.id}`)).sort()).toEqual([a.id, b.id].sort());
    expect((await ids(`folder=${folder.id}`)).sort()).toEqual([b.id, c.id].sort());
    expect(await ids(`folder=${folder.id}&category=none`)).toEqual([c.id]);
    expect(await ids(`category=${category.id}&folder=none`)).toEqual([a.id]);
    expect(await ids(`category=${category.id}&isPublic=false`)).toEqual([a.id]);
    expect(await ids(`folder=${folder.id}&isPublic=true`)).toEqual([b.id]);
    expect(await ids(`category=${category.id}&isFeatured=true`)).toEqual([b.id]);
    expect(await ids(`category=${category.id}&mediaType=video`)).toEqual([a.id]);
    const none = await ids('category=none');
    expect(none).toContain(c.id);
    expect(none).not.toContain(a.id);
    const bad = await editor.get('/api/admin/media?category=nope');
    expect(bad.json().code).toBe('VALIDATION_ERROR');
  });

  it('pages through more than 100 items exactly once in every sort, in that sort', async () => {
    const folder = await folderOf('Paging');
    const made = await buildMediaMany(t, 130, (i) => ({
      folder_id: folder.id,
      // Repeated titles, views and flags: ties are broken by id.
      title: `${['b', 'A', 'c'][i % 3]} mynd ${i % 10}`,
      view_count: i % 7,
      is_featured: i % 4 === 0,
      is_public: i % 5 !== 0,
    }));
    // Some items a little later, so newest and oldest differ from the id order.
    const later = await buildMediaMany(t, 5, () => ({ folder_id: folder.id, title: 'Later' }));
    const expected = new Set([...made, ...later].map((m) => m.id));
    for (const sort of ['newest', 'oldest', 'title', 'views', 'featured'] as const) {
      const { ids, items, total } = await allPages(`folder=${folder.id}&sort=${sort}`);
      expect(total, sort).toBe(135);
      expect(ids.length, sort).toBe(135);
      expect(new Set(ids), sort).toEqual(expected);
      const pairs = items.slice(1).map((item, i) => [items[i]!, item] as const);
      for (const [prev, next] of pairs) {
        if (sort === 'newest') expect(prev.createdAt >= next.createdAt).toBe(true);
        if (sort === 'oldest') expect(prev.createdAt <= next.createdAt).toBe(true);
        if (sort === 'title') expect(prev.title.toLowerCase() <= next.title.toLowerCase()).toBe(true);
        if (sort === 'views') expect(prev.viewCount >= next.viewCount).toBe(true);
        if (sort === 'featured') expect(Number(prev.isFeatured) >= Number(next.isFeatured)).toBe(true);
      }
    }
    expect((await list(`folder=${folder.id}&sort=oldest`)).items[0]!.title).not.toBe('Later');
    expect((await list(`folder=${folder.id}`)).items[0]!.title).toBe('Later');
  });

  it('is refused to viewers and visitors', async () => {
    expect((await viewer.get('/api/admin/media')).json().code).toBe('FORBIDDEN');
    expect((await (await asRole(t, 'anonymous')).get('/api/admin/media')).json().code).toBe('UNAUTHORIZED');
  });
});

describe('GET /api/admin/media/stats', () => {
  it('counts total, public, featured, categorized, views and categories exactly', async () => {
    const own = await createTestApp();
    try {
      const staff = await asRole(own, 'editor');
      const [c1] = await Promise.all([buildCategory(own), buildCategory(own), buildCategory(own)]);
      await buildMediaMany(own, 7, (i) => ({
        is_public: i < 4,
        is_featured: i % 3 === 0,
        category_id: i < 2 ? c1!.id : null,
        view_count: i * 10,
      }));
      const res = await staff.get('/api/admin/media/stats');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        total: 7,
        public: 4,
        featured: 3,
        categorized: 2,
        views: 210,
        categories: 3,
      });
      expect((await (await asRole(own, 'viewer')).get('/api/admin/media/stats')).json().code).toBe(
        'FORBIDDEN',
      );
    } finally {
      await own.close();
    }
  });
});

describe('PATCH /api/admin/media/:id', () => {
  it('logs the public and featured toggles as what they did, and other fields as an edit', async () => {
    const item = await buildMedia(t, { is_public: true, is_featured: false });
    await editor.patch(`/api/admin/media/${item.id}`, { isPublic: false });
    await editor.patch(`/api/admin/media/${item.id}`, { isFeatured: true });
    await editor.patch(`/api/admin/media/${item.id}`, { isPublic: true });
    await editor.patch(`/api/admin/media/${item.id}`, { isFeatured: false });
    await editor.patch(`/api/admin/media/${item.id}`, { title: 'Nýtt heiti' });
    const actions = (await activityFor([item.id])).sort((a, b) => Number(a.id) - Number(b.id));
    expect(actions.map((a) => a.action)).toEqual([
      'media.unpublished',
      'media.featured',
      'media.published',
      'media.unfeatured',
      'media.updated',
    ]);
  });

  it('trims texts, turns empty ones into null, and cleans or clears keywords (§5)', async () => {
    const item = await buildMedia(t, { keywords: ['gamalt'], category_id: (await buildCategory(t)).id });
    const res = await editor.patch(`/api/admin/media/${item.id}`, {
      title: '  Havnin  ',
      description: '   ',
      photographer: ' Jógvan ',
      keywords: ' bátur , , havn ,',
      categoryId: '',
      folderId: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().media).toMatchObject({
      title: 'Havnin',
      description: null,
      photographer: 'Jógvan',
      keywords: ['bátur', 'havn'],
      categoryId: null,
      folderId: null,
    });
    const cleared = await editor.patch(`/api/admin/media/${item.id}`, { keywords: null });
    expect(cleared.json().media.keywords).toEqual([]);
    const empty = await editor.patch(`/api/admin/media/${item.id}`, { keywords: ' , ' });
    expect(empty.json().media.keywords).toEqual([]);
    const noTitle = await editor.patch(`/api/admin/media/${item.id}`, { title: '  ' });
    expect(noTitle.json().issues[0]).toMatchObject({ path: 'title', message: 'Title is required' });
  });
});

describe('DELETE /api/admin/media/:id', () => {
  it('deletes the row, its slides, its original and derivatives from the store, and logs it', async () => {
    const media = await uploadImage('Til strikingar');
    const row = await t.db
      .selectFrom('media_items')
      .select('file_key')
      .where('id', '=', media.id)
      .executeTakeFirstOrThrow();
    const derivatives = await t.db
      .selectFrom('derivatives')
      .select('file_key')
      .where('owner_id', '=', media.id)
      .execute();
    expect(derivatives.length).toBeGreaterThan(0);
    const keys = [row.file_key, ...derivatives.map((d) => d.file_key)];
    for (const key of keys) expect(existsSync(join(t.dataDir, 'files', key))).toBe(true);
    const other = await buildMedia(t);
    const show = await buildSlideshow(t, [media.id, other.id]);

    const res = await editor.delete(`/api/admin/media/${media.id}`);
    expect(res.statusCode, res.body).toBe(204);
    for (const key of keys) expect(existsSync(join(t.dataDir, 'files', key)), key).toBe(false);
    expect((await editor.get(`/api/media/${media.id}`)).statusCode).toBe(404);
    const slides = await t.db
      .selectFrom('slideshow_items')
      .select('media_item_id')
      .where('slideshow_id', '=', show.id)
      .execute();
    expect(slides.map((s) => s.media_item_id)).toEqual([other.id]);
    const remaining = await t.db
      .selectFrom('derivatives')
      .select('id')
      .where('owner_id', '=', media.id)
      .execute();
    expect(remaining).toEqual([]);
    expect((await activityFor([media.id])).map((a) => a.action)).toContain('media.deleted');

    expect((await editor.delete(`/api/admin/media/${media.id}`)).json().code).toBe('NOT_FOUND');
  });

  it('is refused to viewers, and the item stays', async () => {
    const item = await buildMedia(t);
    expect((await viewer.delete(`/api/admin/media/${item.id}`)).json().code).toBe('FORBIDDEN');
    expect((await editor.get(`/api/media/${item.id}`)).statusCode).toBe(200);
  });
});

describe('POST /api/admin/media/bulk', () => {
  it('publishes, features and moves many in one go, one activity row each, counting what changed', async () => {
    const items = await buildMediaMany(t, 4, (i) => ({ is_public: i === 0, is_featured: false }));
    const ids = items.map((i) => i.id);
    const publish = await editor.post('/api/admin/media/bulk', { ids, action: 'publish' });
    expect(publish.json()).toEqual({ changed: 3 });
    expect((await activityFor(ids)).filter((a) => a.action === 'media.published')).toHaveLength(3);

    const feature = await editor.post('/api/admin/media/bulk', { ids: ids.slice(0, 2), action: 'feature' });
    expect(feature.json()).toEqual({ changed: 2 });
    const featured = (await activityFor(ids)).filter((a) => a.action === 'media.featured');
    expect(featured.map((a) => a.resource_id).sort()).toEqual(ids.slice(0, 2).sort());

    const category = await buildCategory(t);
    const folder = await folderOf('Flutt');
    const move = await editor.post('/api/admin/media/bulk', {
      ids,
      action: 'move',
      categoryId: category.id,
      folderId: folder.id,
    });
    expect(move.json()).toEqual({ changed: 4 });
    const moved = await list(`folder=${folder.id}`);
    expect(moved.items.map((i) => i.id).sort()).toEqual([...ids].sort());
    expect(moved.items.every((i) => i.categoryId === category.id && i.isPublic)).toBe(true);

    const unmove = await editor.post('/api/admin/media/bulk', { ids, action: 'move', folderId: null });
    expect(unmove.json()).toEqual({ changed: 4 });
    expect((await list(`folder=${folder.id}`)).total).toBe(0);
    expect((await list(`category=${category.id}`)).total).toBe(4);

    const noTarget = await editor.post('/api/admin/media/bulk', { ids, action: 'move' });
    expect(noTarget.json().code).toBe('VALIDATION_ERROR');
    const tooMany = await editor.post('/api/admin/media/bulk', {
      ids: Array.from({ length: 201 }, () => crypto.randomUUID()),
      action: 'publish',
    });
    expect(tooMany.json().code).toBe('VALIDATION_ERROR');
  });

  it('deletes many with their stored files, all in one transaction', async () => {
    const a = await uploadImage('Bulk A');
    const b = await uploadImage('Bulk B');
    const keys = (
      await t.db.selectFrom('derivatives').select('file_key').where('owner_id', 'in', [a.id, b.id]).execute()
    ).map((d) => d.file_key);
    const res = await admin.post('/api/admin/media/bulk', { ids: [a.id, b.id], action: 'delete' });
    expect(res.json()).toEqual({ changed: 2 });
    for (const key of keys) expect(existsSync(join(t.dataDir, 'files', key))).toBe(false);
    const log = await activityFor([a.id, b.id]);
    expect(log.filter((l) => l.action === 'media.deleted')).toHaveLength(2);
  });

  it('changes nothing when one item fails: the whole action rolls back', async () => {
    const items = await buildMediaMany(t, 3, () => ({ is_public: false }));
    const ids = items.map((i) => i.id);
    // The third item cannot be made public: a trigger refuses it.
    await sql`create function refuse_third() returns trigger language plpgsql as $$ begin if new.id = ${sql.lit(ids[2])} then raise exception 'refused'; end if; return new; end $$`.execute(
      t.db,
    );
    await sql`create trigger refuse_third before update on media_items for each row execute function refuse_third()`.execute(
      t.db,
    );
    try {
      const res = await editor.post('/api/admin/media/bulk', { ids, action: 'publish' });
      expect(res.statusCode).toBe(500);
      expect((await list(`q=${items[0]!.title}&isPublic=true`)).items.map((i) => i.id)).not.toContain(ids[0]);
      expect(await activityFor(ids)).toEqual([]);
    } finally {
      await sql`drop trigger refuse_third on media_items`.execute(t.db);
      await sql`drop function refuse_third()`.execute(t.db);
    }
  });

  it('refuses viewers with FORBIDDEN and changes nothing', async () => {
    const item = await buildMedia(t, { is_public: false });
    const res = await viewer.post('/api/admin/media/bulk', { ids: [item.id], action: 'publish' });
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await editor.get(`/api/media/${item.id}`)).json().media.isPublic).toBe(false);
  });
});
