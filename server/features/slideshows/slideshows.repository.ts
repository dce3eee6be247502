import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SlideshowItemsTable, SlideshowsTable } from '../../db/schema.ts';

export function getLatestPublicSlideshow(db: Db) {
  return db
    .selectFrom('slideshows')
    .select(['id', 'title'])
    .where('is_public', '=', true)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function getPublicSlideshow(db: Db, id: string) {
  return db
    .selectFrom('slideshows')
    .selectAll()
    .where('id', '=', id)
    .where('is_public', '=', true)
    .executeTakeFirst();
}

/** The slides of a slideshow in order, with their items; items that are not public are left out. */
export function listPublicSlides(db: Db, slideshowId: string) {
  return db
    .selectFrom('slideshow_items')
    .innerJoin('media_items', 'media_items.id', 'slideshow_items.media_item_id')
    .selectAll('media_items')
    .select(['slideshow_items.order_index', 'slideshow_items.duration', 'slideshow_items.caption'])
    .where('slideshow_items.slideshow_id', '=', slideshowId)
    .where('media_items.is_public', '=', true)
    .orderBy('slideshow_items.order_index')
    .execute();
}

export function createSlideshowRow(db: Db, values: Insertable<SlideshowsTable>) {
  return db.insertInto('slideshows').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function addSlides(db: Db, slides: Insertable<SlideshowItemsTable>[]) {
  if (slides.length > 0) await db.insertInto('slideshow_items').values(slides).execute();
}

/** Which of the given ids are media items (so a slide never points at nothing). */
export async function existingMediaIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('media_items').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}
