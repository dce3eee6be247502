import { type Expression, type SqlBool, sql } from 'kysely';
import type { GallerySort } from '../../../common/api.ts';
import type { Db } from '../../db/database.ts';
import { toNumber } from '../../db/database.ts';

export async function getPublicTotals(db: Db): Promise<{ totalItems: number; totalViews: number }> {
  const row = await db
    .selectFrom('media_items')
    .where('is_public', '=', true)
    .select([sql<string>`count(*)`.as('items'), sql<string>`coalesce(sum(view_count), 0)`.as('views')])
    .executeTakeFirstOrThrow();
  return { totalItems: toNumber(row.items), totalViews: toNumber(row.views) };
}

/** Where a page ended, in the terms of its sort: the next page starts after this row. */
export type GalleryCursor = { created_at: string; id: string; title?: string; view_count?: number };

/**
 * One page of public items, by keyset (never OFFSET: every item stays reachable and deep pages
 * cost the same as the first), using the partial indexes of the initial migration.
 */
export async function listPublicMedia(
  db: Db,
  options: {
    search?: string;
    categoryId?: string;
    featuredOnly?: boolean;
    sort: GallerySort;
    after?: GalleryCursor;
    limit: number;
  },
) {
  let query = db
    .selectFrom('media_items')
    .leftJoin('categories', (join) =>
      join.onRef('categories.id', '=', 'media_items.category_id').on('categories.is_public', '=', true),
    )
    .selectAll('media_items')
    .select([
      'categories.name as category_name',
      'categories.color as category_color',
      'categories.icon as category_icon',
      'categories.id as category_ref_id',
      // Full microsecond precision for the cursor; a JS Date would round it and skip rows.
      sql<string>`media_items.created_at::text`.as('created_at_key'),
      sql<string>`lower(media_items.title)`.as('title_key'),
    ])
    .where('media_items.is_public', '=', true);
  if (options.search) {
    // Case- and accent-insensitive over title, description, photographer and location.
    const pattern = `%${options.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<SqlBool>`media_items.search_text like f_unaccent(${pattern})`);
  }
  if (options.categoryId) query = query.where('media_items.category_id', '=', options.categoryId);
  if (options.featuredOnly) query = query.where('media_items.is_featured', '=', true);
  const after = options.after;
  const keyset = (expression: Expression<SqlBool>) => query.where(expression);
  switch (options.sort) {
    case 'newest':
      if (after)
        query = keyset(
          sql<SqlBool>`(media_items.created_at, media_items.id) < (${after.created_at}::timestamptz, ${after.id}::uuid)`,
        );
      query = query.orderBy('media_items.created_at', 'desc').orderBy('media_items.id', 'desc');
      break;
    case 'oldest':
      if (after)
        query = keyset(
          sql<SqlBool>`(media_items.created_at, media_items.id) > (${after.created_at}::timestamptz, ${after.id}::uuid)`,
        );
      query = query.orderBy('media_items.created_at', 'asc').orderBy('media_items.id', 'asc');
      break;
    case 'title':
      if (after)
        query = keyset(
          sql<SqlBool>`(lower(media_items.title), media_items.id) > (${after.title ?? ''}, ${after.id}::uuid)`,
        );
      query = query.orderBy(sql`lower(media_items.title)`, 'asc').orderBy('media_items.id', 'asc');
      break;
    case 'views':
      if (after)
        query = keyset(
          sql<SqlBool>`(media_items.view_count, media_items.id) < (${after.view_count ?? 0}, ${after.id}::uuid)`,
        );
      query = query.orderBy('media_items.view_count', 'desc').orderBy('media_items.id', 'desc');
      break;
  }
  return query.limit(options.limit + 1).execute();
}

export function listPublicCategories(db: Db) {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'color', 'icon', 'description'])
    .where('is_public', '=', true)
    .orderBy(sql`lower(name)`)
    .execute();
}

/** One view of a public item: the counter and a usage row, together; null for other items. */
export async function recordView(db: Db, id: string, userAgent: string | null): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('media_items')
      .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
      .where('id', '=', id)
      .where('is_public', '=', true)
      .returning(['view_count', 'media_type'])
      .executeTakeFirst();
    if (!row) return null;
    await trx
      .insertInto('media_usage_log')
      .values({ media_item_id: id, action: 'view', user_agent: userAgent, watermarked: false })
      .execute();
    return row.view_count;
  });
}

/** A served download, and whether the file carried a watermark. */
export async function logDownload(
  db: Db,
  mediaId: string,
  userAgent: string | undefined,
  watermarked: boolean,
) {
  await db
    .insertInto('media_usage_log')
    .values({
      media_item_id: mediaId,
      action: 'download',
      user_agent: userAgent?.slice(0, 500) ?? null,
      watermarked,
    })
    .execute();
}
