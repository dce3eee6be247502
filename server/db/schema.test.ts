import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../test/harness.ts';
import type { DatabaseHandle } from './database.ts';
import { migrations } from './migrations/index.ts';

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDb();
});
afterAll(() => h.close());

const sha = 'a'.repeat(64);
let n = 0;
const media = (overrides: Record<string, unknown> = {}) => {
  n += 1;
  return {
    title: `Item ${n}`,
    media_type: 'image' as const,
    file_key: `media/2026/11/item-${n}.jpg`,
    file_name: 'item.jpg',
    file_size: 10,
    mime_type: 'image/jpeg',
    sha256: sha,
    ...overrides,
  };
};

describe('the data model', () => {
  it('gives every kind of record a display ID from the database', async () => {
    const item = await h.db
      .insertInto('media_items')
      .values(media())
      .returning('display_id')
      .executeTakeFirstOrThrow();
    expect(item.display_id).toMatch(/^PHOTO-\d{5}$/);
    const cat = await h.db
      .insertInto('categories')
      .values({ name: 'Bátar' })
      .returning(['display_id', 'color'])
      .executeTakeFirstOrThrow();
    expect(cat).toMatchObject({ display_id: expect.stringMatching(/^CAT-\d{5}$/), color: '#3B82F6' });
    const slide = await h.db
      .insertInto('slideshows')
      .values({ title: 'S' })
      .returning('display_id')
      .executeTakeFirstOrThrow();
    expect(slide.display_id).toMatch(/^SLIDE-\d{5}$/);
    const doc = await h.db
      .insertInto('documents')
      .values({
        title: 'D',
        file_key: 'documents/2026/11/d.pdf',
        file_name: 'd.pdf',
        file_size: 1,
        mime_type: 'application/pdf',
        sha256: sha,
      })
      .returning(['display_id', 'category'])
      .executeTakeFirstOrThrow();
    expect(doc).toMatchObject({
      display_id: expect.stringMatching(/^DOC-\d{5}$/),
      category: 'mentanardagarnar',
    });
    const sub = await h.db
      .insertInto('submissions')
      .values({
        title: 'S',
        file_key: 'submissions/2026/11/s.jpg',
        file_name: 's.jpg',
        file_size: 1,
        mime_type: 'image/jpeg',
        media_type: 'image',
        sha256: sha,
      })
      .returning(['display_id', 'status'])
      .executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ display_id: expect.stringMatching(/^SUB-\d{5}$/), status: 'pending' });
  });

  it('keeps numbering past 99999 without cutting digits', async () => {
    const { rows } = await sql<{
      a: string;
      b: string;
    }>`select format_display_id('PHOTO', 123) as a, format_display_id('PHOTO', 123456) as b`.execute(h.db);
    expect(rows[0]).toEqual({ a: 'PHOTO-00123', b: 'PHOTO-123456' });
  });

  it('refuses values outside the spec enumerations', async () => {
    await expect(
      h.db
        .insertInto('media_items')
        .values(media({ media_type: 'hologram' }))
        .execute(),
    ).rejects.toThrow();
    await expect(
      h.db
        .insertInto('media_items')
        .values(media({ watermark_opacity: 5 }))
        .execute(),
    ).rejects.toThrow();
    await expect(
      h.db
        .insertInto('media_items')
        .values(media({ watermark_position: 'middle' }))
        .execute(),
    ).rejects.toThrow();
    await expect(
      h.db
        .insertInto('media_items')
        .values(media({ view_count: -1 }))
        .execute(),
    ).rejects.toThrow();
    await expect(
      h.db.insertInto('categories').values({ name: 'X', color: 'blue' }).execute(),
    ).rejects.toThrow();
    await expect(
      h.db
        .insertInto('users')
        .values({ email: 'r@example.org', role: 'owner' as never })
        .execute(),
    ).rejects.toThrow();
  });

  it('finds text regardless of case and accents (Gota finds Gøta)', async () => {
    await h.db
      .insertInto('media_items')
      .values(media({ title: 'Bygdin í Gøtu', location: 'Gøta', photographer: 'Ólavur Á Ryggi' }))
      .execute();
    const find = (q: string) =>
      h.db
        .selectFrom('media_items')
        .select('title')
        .where('search_text', 'like', sql<string>`'%' || f_unaccent(lower(${q})) || '%'`)
        .execute();
    expect(await find('GOTA')).toHaveLength(1);
    expect(await find('olavur a ryggi')).toHaveLength(1);
    expect(await find('Klaksvík')).toHaveLength(0);
  });

  it('clears a deleted category from its items instead of deleting them', async () => {
    const cat = await h.db
      .insertInto('categories')
      .values({ name: 'Fólk' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = await h.db
      .insertInto('media_items')
      .values(media({ category_id: cat.id }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await h.db.deleteFrom('categories').where('id', '=', cat.id).execute();
    const after = await h.db
      .selectFrom('media_items')
      .select('category_id')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(after.category_id).toBeNull();
  });

  it('migrates down and up again cleanly', async () => {
    const fresh = await createTestDb();
    try {
      // biome-ignore lint/suspicious/noExplicitAny: migrations take the untyped schema
      const db = fresh.db as any;
      const names = Object.keys(migrations).reverse();
      for (const name of names) await migrations[name]!.down!(db);
      const { rows } = await sql<{
        n: string;
      }>`select count(*) as n from information_schema.tables where table_schema = 'public' and table_name = 'media_items'`.execute(
        db,
      );
      expect(Number(rows[0]!.n)).toBe(0);
      for (const name of names.reverse()) await migrations[name]!.up(db);
      const item = await fresh.db
        .insertInto('media_items')
        .values(media())
        .returning('display_id')
        .executeTakeFirstOrThrow();
      expect(item.display_id).toBe('PHOTO-00001');
    } finally {
      await fresh.close();
    }
  });
});
