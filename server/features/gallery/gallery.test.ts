import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let publicIds: string[];
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp();
  const category = await t.db
    .insertInto('categories')
    .values({ name: 'Bygdir', color: '#10B981', icon: '🏘️' })
    .returning('id')
    .executeTakeFirstOrThrow();
  categoryId = category.id;
  const hidden = await t.db
    .insertInto('categories')
    .values({ name: 'Loynt', is_public: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  // 130 public items inserted in one statement share one created_at: the keyset must still page
  // through them exactly (ties broken by id).
  const rows = Array.from({ length: 130 }, (_, i) => ({
    title: i === 7 ? 'Gøta úr lofti' : `Mynd ${String(i).padStart(3, '0')}`,
    location: i === 8 ? 'GØTA' : null,
    media_type: 'image' as const,
    file_key: `media/2026/11/item-${i}.jpg`,
    file_name: 'x.jpg',
    file_size: 1,
    mime_type: 'image/jpeg',
    sha256: 'a'.repeat(64),
    view_count: (i * 37) % 50,
    category_id: i % 10 === 0 ? categoryId : i % 10 === 1 ? hidden.id : null,
  }));
  publicIds = (await t.db.insertInto('media_items').values(rows).returning('id').execute()).map((r) => r.id);
  await t.db
    .insertInto('media_items')
    .values({
      title: 'Privat Gøta',
      media_type: 'image',
      file_key: 'media/2026/11/private.jpg',
      file_name: 'p.jpg',
      file_size: 1,
      mime_type: 'image/jpeg',
      sha256: 'b'.repeat(64),
      is_public: false,
    })
    .execute();
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

  it('refuses a damaged page link with a clear message', async () => {
    const res: Awaited<ReturnType<typeof t.app.inject>> = await t.app.inject(
      '/api/gallery?cursor=not-a-cursor',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This page link is no longer valid; start from the first page.');
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
    await t.db.insertInto('categories').values({ name: 'Arbeiði' }).execute();
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
