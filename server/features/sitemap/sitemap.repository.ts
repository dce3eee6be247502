import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

/**
 * The public items cut into sitemap pages of at most `size` in id order: each page's first id and
 * its newest change, in one pass over the public items (the sitemap index; asked rarely).
 */
export async function listItemPages(db: Db, size: number) {
  const result = await sql<{ first_id: string; lastmod: Date }>`
    select min(id::text) as first_id, max(updated_at) as lastmod from (
      select id, updated_at, (row_number() over (order by id) - 1) / ${size} as page
      from media_items where is_public
    ) s group by page order by page`.execute(db);
  return result.rows;
}

/** Public items from `fromId` on, in id order (keyset: a page reads `limit` rows by the key). */
export function listItemsFrom(db: Db, fromId: string, afterId: string | null, limit: number) {
  let query = db
    .selectFrom('media_items')
    .select(['id', 'updated_at'])
    .where('is_public', '=', true)
    .where('id', '>=', fromId)
    .orderBy('id')
    .limit(limit);
  if (afterId) query = query.where('id', '>', afterId);
  return query.execute();
}

/** The public slideshows' pages. */
export function listPublicSlideshows(db: Db) {
  return db
    .selectFrom('slideshows')
    .select(['id', 'updated_at'])
    .where('is_public', '=', true)
    .orderBy('created_at', 'desc')
    .limit(50_000)
    .execute();
}
