import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asRole, buildCategory, buildMedia, buildMediaMany } from '#server/test/factories.ts';
import { flushViews } from '../media/view-counts.ts';
import { createTestApp, listen, type TestApp } from '#server/test/harness.ts';
import { imageFixture } from '#server/test/fixtures.ts';
import { tusUpload, uploaderCookie } from '#server/test/tus-client.ts';

let t: TestApp;
let publicIds: string[];
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp();
  categoryId = (await buildCategory(t, { name: 'Bygdir', color: '#10B981', icon: '🏘️' })).id;
  const hidden = await buildCategory(t, { name: 'Loynt', is_public: false });
  // 130 public items inserted in one statement share one created_at: the keyset must still page
  // through them exactly (ties broken by id).
  const rows = await buildMediaMany(t, 130, (i) => ({
    title: i === 7 ? 'Gøta úr lofti' : `Mynd ${String(i).padStart(3, '0')}`,
    location: i === 8 ? 'GØTA' : null,
    view_count: (i * 37) % 50,
    category_id: i % 10 === 0 ? categoryId : i % 10 === 1 ? hidden.id : null,
  }));
  publicIds = rows.map((r) => r.id);
  await buildMedia(t, { title: 'Privat Gøta', is_public: false });
});
afterAll(() => t.close());

async function allPages(query: string) {
  const seen: { id: string; title: string; viewCount: number; category: unknown }[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const res: Awaited<ReturnType<typeof t.app.inject>> = await t.app.inject(
      `/api/gallery?${query}&limit=25${cursor ? `&cursor=${cursor}` : ''}`,
    );
    expect(res.statusCode).toBe(200);
    const body: { items: typeof seen; nextCursor: string | null } = res.json();
    seen.push(...body.items);
    cursor = body.nextCursor;
    pages += 1;
  } while (cursor && pages < 20);
  return { seen, pages };
}

describe('the public gallery', () => {
  it.each(['newest', 'oldest', 'title', 'views'])(
    'reaches every public item exactly once sorted by %s, past 100',
    async (sort) => {
      const { seen, pages } = await allPages(`sort=${sort}`);
      expect(pages).toBe(6);
      expect(seen.map((i) => i.id).sort()).toEqual([...publicIds].sort());
      if (sort === 'title') {
        const titles = seen.map((i) => i.title.toLowerCase());
        expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en')));
      }
      if (sort === 'views') {
        const views = seen.map((i) => i.viewCount);
        expect(views).toEqual([...views].sort((a, b) => b - a));
      }
    },
  );

  it('finds text regardless of case and accents, never private items', async () => {
    const { seen } = await allPages('q=gota');
    expect(seen.map((i) => i.title).sort()).toEqual(['Gøta úr lofti', 'Mynd 008']);
    const { seen: percent } = await allPages(`q=${encodeURIComponent('100%')}`);
    expect(percent).toEqual([]);
  });

  it('filters by category and shows only public categories on items', async () => {
    const { seen } = await allPages(`category=${categoryId}`);
    expect(seen).toHaveLength(13);
    expect(seen.every((i) => (i.category as { name: string }).name === 'Bygdir')).toBe(true);
    const all = (await allPages('sort=newest')).seen;
    expect(all.filter((i) => i.category !== null)).toHaveLength(13);
  });

  it('pages by title past the longest titles in Faroese letters (the cursor carries the title)', async () => {
    const own = await createTestApp();
    try {
      const long = await buildMediaMany(own, 3, (i) => ({ title: `${'Ø'.repeat(299)}${i}` }));
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res: Awaited<ReturnType<typeof own.app.inject>> = await own.app.inject(
          `/api/gallery?sort=title&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        seen.push(...res.json().items.map((i: { id: string }) => i.id));
        cursor = res.json().nextCursor;
      } while (cursor);
      expect(seen.sort()).toEqual(long.map((r) => r.id).sort());
    } finally {
      await own.close();
    }
  });

  it('refuses a damaged page link with a clear message', async () => {
    const res: Awaited<ReturnType<typeof t.app.inject>> = await t.app.inject(
      '/api/gallery?cursor=not-a-cursor',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'BAD_CURSOR',
      message: 'This page link is no longer valid; start from the first page.',
    });
  });
});

describe('crafted page links', () => {
  const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const id = '00000000-0000-4000-8000-000000000000';
  it.each([
    ['an impossible date', 'newest', ['2026-13-45 99:99:99', id]],
    ['a count past any integer', 'views', ['99999999999999999', id]],
    ['a NUL in the title key', 'title', ['a\u0000', id]],
    ['a number instead of text', 'title', [5, id]],
    ['too few keys', 'newest', [id]],
  ])('refuses %s as BAD_CURSOR, never a 500', async (_name, sort, value) => {
    const res = await t.app.inject(`/api/gallery?sort=${sort}&cursor=${cursor(value)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_CURSOR');
  });
});

describe('around the gallery', () => {
  it('shows at most 6 featured public items, newest first', async () => {
    const ids = publicIds.slice(0, 8);
    await t.db.updateTable('media_items').set({ is_featured: true }).where('id', 'in', ids).execute();
    await t.db.updateTable('media_items').set({ is_featured: true }).where('is_public', '=', false).execute();
    const { items } = (await t.app.inject('/api/gallery/featured')).json();
    expect(items).toHaveLength(6);
    expect(items.every((i: { id: string; isFeatured: boolean }) => ids.includes(i.id) && i.isFeatured)).toBe(
      true,
    );
  });

  it('lists public categories by name only', async () => {
    await buildCategory(t, { name: 'Arbeiði' });
    const { categories } = (await t.app.inject('/api/categories')).json();
    expect(categories.map((c: { name: string }) => c.name)).toEqual(['Arbeiði', 'Bygdir']);
  });

  it('counts a view of a public item with a usage-log row, and refuses other items', async () => {
    const id = publicIds[3]!;
    const before = (
      await t.db.selectFrom('media_items').select('view_count').where('id', '=', id).executeTakeFirstOrThrow()
    ).view_count;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/media/${id}/view`,
      headers: { 'user-agent': 'Test/1' },
    });
    expect(res.json()).toEqual({ viewCount: before + 1 });
    await flushViews(t.db);
    const log = await t.db
      .selectFrom('media_usage_log')
      .selectAll()
      .where('media_item_id', '=', id)
      .execute();
    expect(log).toMatchObject([{ action: 'view', user_agent: 'Test/1', watermarked: false }]);
    const privateItem = await t.db
      .selectFrom('media_items')
      .select('id')
      .where('is_public', '=', false)
      .executeTakeFirstOrThrow();
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/media/${privateItem.id}/view` })).statusCode,
    ).toBe(404);
  });

  it('gives the site settings with the spec defaults where none is set', async () => {
    await t.db.insertInto('site_settings').values({ key: 'site_title', value: 'Gøtu Savn' }).execute();
    const { settings } = (await t.app.inject('/api/settings/public')).json();
    expect(settings).toMatchObject({
      site_title: 'Gøtu Savn',
      document_button_text: 'Mentanardagar skrá',
      site_description: 'Historical Media Archive',
      custom_card_title: 'Special Document',
      custom_card_button_text: 'Download',
    });
    expect(settings.watermark_type).toBeUndefined();
  });
});

describe('a kept gallery answer', () => {
  it('is sent as it was written: the same bytes, 304 to a browser that has it, compressed once', async () => {
    vi.stubEnv('PAGE_CACHE_MS', '60000');
    const own = await createTestApp();
    try {
      await buildMediaMany(own, 6, (i) => ({ title: `Bátar á vági ${i}` }));
      const row = await buildMedia(own, { title: 'Havnin í 1920', view_count: 3 });
      const first = await own.app.inject('/api/gallery?limit=5');
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.headers.vary).toMatch(/accept-encoding/);
      expect(first.json().items[0].title).toBe('Havnin í 1920');
      expect(first.body.length).toBeGreaterThan(1024); // worth compressing
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);

      const again = await own.app.inject({ url: '/api/gallery?limit=5', headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      for (const encoding of ['br', 'gzip'] as const) {
        const packed = await own.app.inject({
          url: '/api/gallery?limit=5',
          headers: { 'accept-encoding': encoding },
        });
        expect(packed.headers['content-encoding']).toBe(encoding);
        const unpacked =
          encoding === 'br' ? brotliDecompressSync(packed.rawPayload) : gunzipSync(packed.rawPayload);
        expect(unpacked.toString()).toBe(first.body);
        expect(packed.headers.etag).toBe(etag);
      }
      // A visitor's view keeps it (issue 31 §4: a crowd's views emptied it at every page) …
      await own.app.inject({ method: 'POST', url: `/api/media/${row.id}/view` });
      const viewed = await own.app.inject({
        url: '/api/gallery?limit=5',
        headers: { 'if-none-match': etag },
      });
      expect(viewed.statusCode).toBe(304);
      // … a write through the API drops it: the next answer is new, with a new ETag (and the view,
      // counted meanwhile).
      await flushViews(own.db);
      const edited = await (await asRole(own, 'admin')).patch(`/api/admin/media/${row.id}`, {
        title: 'Havnin í 1921',
      });
      expect(edited.statusCode).toBeLessThan(300);
      const changed = await own.app.inject({
        url: '/api/gallery?limit=5',
        headers: { 'if-none-match': etag },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().items[0]).toMatchObject({ title: 'Havnin í 1921', viewCount: 4 });
      expect(changed.headers.etag).not.toBe(etag);
    } finally {
      vi.unstubAllEnvs();
      await own.close();
    }
  });
});

describe('the kept gallery answer and a contribution sent', () => {
  it('is kept while a visitor sends a photo (private until approved), and dropped by staff approving it', async () => {
    vi.stubEnv('PAGE_CACHE_MS', '60000');
    const own = await createTestApp();
    try {
      const base = await listen(own);
      const row = await buildMedia(own, { title: 'Fyrr' });
      const titles = async () =>
        ((await own.app.inject('/api/gallery?limit=5')).json() as { items: { title: string }[] }).items.map(
          (i) => i.title,
        );
      expect(await titles()).toContain('Fyrr');
      // Changed behind the API's back: the kept answer (http/answer-cache.ts) still shows the old title …
      await own.db.updateTable('media_items').set({ title: 'Síðan' }).where('id', '=', row.id).execute();
      expect(await titles()).toContain('Fyrr');
      // … and still does after a visitor's upload and submission, which change nothing shown …
      const uploadId = await tusUpload(base, await imageFixture('jpeg', { name: 'kept-1.jpg' }));
      const sent = await own.app.inject({
        method: 'POST',
        url: '/api/submissions',
        payload: { uploadId, title: 'Gomul mynd' },
        headers: { cookie: uploaderCookie(uploadId) ?? '' },
      });
      expect(sent.statusCode).toBe(201);
      expect(await titles()).toContain('Fyrr');
      // … until staff approve it: a write through the API that does.
      const editor = await asRole(own, 'editor');
      const submission = sent.json().submission as { id: string };
      const approved = await editor.patch(`/api/admin/submissions/${submission.id}`, { status: 'approved' });
      expect(approved.statusCode).toBe(200);
      expect(await titles()).toContain('Síðan');
    } finally {
      vi.unstubAllEnvs();
      await own.close();
    }
  });
});

describe('GET /api/gallery/summary', () => {
  it('gives the totals the database keeps in the same transaction as each change', async () => {
    const own = await createTestApp();
    try {
      const summary = async () => (await own.app.inject('/api/gallery/summary')).json();
      expect(await summary()).toEqual({ totalItems: 0, totalViews: 0 });
      const rows = await buildMediaMany(own, 5, (i) => ({ view_count: i + 1 }));
      await buildMedia(own, { is_public: false, view_count: 100 });
      expect(await summary()).toEqual({ totalItems: 5, totalViews: 15 });
      await own.db
        .updateTable('media_items')
        .set({ is_public: false })
        .where('id', '=', rows[0]!.id)
        .execute();
      expect(await summary()).toEqual({ totalItems: 4, totalViews: 14 });
      await own.db.updateTable('media_items').set({ is_public: true }).execute();
      expect(await summary()).toEqual({ totalItems: 6, totalViews: 115 });
      await own.db.deleteFrom('media_items').where('id', '=', rows[4]!.id).execute();
      expect(await summary()).toEqual({ totalItems: 5, totalViews: 110 });
      // A change that fails leaves them as they were.
      await expect(
        own.db.transaction().execute(async (trx) => {
          await trx.updateTable('media_items').set({ view_count: 0 }).execute();
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await summary()).toEqual({ totalItems: 5, totalViews: 110 });
    } finally {
      await own.close();
    }
  });
});

describe('a gallery card', () => {
  it('carries only what a card shows; the item’s own answer has the rest', async () => {
    const { items } = (await t.app.inject('/api/gallery?limit=1')).json();
    expect(Object.keys(items[0]).sort()).toEqual(
      [
        'category',
        'description',
        'files',
        'height',
        'id',
        'isFeatured',
        'location',
        'mediaType',
        'originalDate',
        'photographer',
        'placeholder',
        'title',
        'viewCount',
        'width',
      ].sort(),
    );
    expect(Object.keys(items[0].files).sort()).toEqual(['display', 'medium', 'poster', 'thumb', 'waveform']);
    const full = (await t.app.inject(`/api/media/${items[0].id}`)).json().media;
    expect(full).toMatchObject({ id: items[0].id, title: items[0].title });
    expect(full.keywords).toBeDefined();
  });
});
