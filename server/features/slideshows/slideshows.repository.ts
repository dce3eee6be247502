import { normalizeDisplayIdQuery } from '#common/display-id.ts';
import { type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import { type Db, toNumber } from '#server/db/database.ts';
import { containsPattern, countRows, fetchPage, type KeysetOrder } from '#server/db/paging.ts';
import type { SlideshowItemsTable, SlideshowsTable } from '#server/db/schema.ts';

export function getLatestPublicSlideshow(db: Db) {
  return db
    .selectFrom('slideshows')
    .select(['id', 'title'])
    .where('is_public', '=', true)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function getSlideshow(db: Db, id: string) {
  return db.selectFrom('slideshows').selectAll().where('id', '=', id).executeTakeFirst();
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

export function createSlideshow(db: Db, values: Insertable<SlideshowsTable>) {
  return db.insertInto('slideshows').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function createSlides(db: Db, slides: Insertable<SlideshowItemsTable>[]) {
  if (slides.length > 0) await db.insertInto('slideshow_items').values(slides).execute();
}

/** Which of the given ids are media items (so a slide never points at nothing). */
export async function listExistingMediaIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('media_items').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

const NEWEST: KeysetOrder = {
  keys: [
    { expr: sql.ref('slideshows.created_at'), type: 'timestamptz' },
    { expr: sql.ref('slideshows.id'), type: 'uuid' },
  ],
  direction: 'desc',
};

/** A page of every slideshow (public or not) with its slide count, and how many match. */
export async function listAdminSlideshows(
  db: Db,
  filters: { q?: string },
  cursor: string | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('slideshows')
    .selectAll('slideshows')
    .select(
      sql<string>`(select count(*) from slideshow_items si where si.slideshow_id = slideshows.id)`.as(
        'slide_count',
      ),
    );
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    query = query.where(
      sql<SqlBool>`(slideshows.title ilike ${pattern} or slideshows.description ilike ${pattern} or slideshows.display_id = ${normalizeDisplayIdQuery(filters.q)})`,
    );
  }
  const [page, total] = await Promise.all([fetchPage(query, NEWEST, cursor, limit), countRows(query)]);
  return {
    ...page,
    rows: page.rows.map((row) => ({ ...row, slide_count: toNumber(row.slide_count) })),
    total,
  };
}

/** The items of the first `perShow` slides of each slideshow (for the cards' covers). */
export function listCoverItems(db: Db, slideshowIds: string[], perShow: number) {
  if (slideshowIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('slideshow_items')
        .select([
          'slideshow_items.slideshow_id',
          'slideshow_items.media_item_id',
          'slideshow_items.order_index',
          sql<number>`row_number() over (partition by slideshow_items.slideshow_id order by slideshow_items.order_index, slideshow_items.id)`.as(
            'n',
          ),
        ])
        .where('slideshow_items.slideshow_id', 'in', slideshowIds)
        .as('firsts'),
    )
    .innerJoin('media_items', 'media_items.id', 'firsts.media_item_id')
    .selectAll('media_items')
    .select(['firsts.slideshow_id', 'firsts.order_index'])
    .where('firsts.n', '<=', perShow)
    .orderBy('firsts.slideshow_id')
    .orderBy('firsts.order_index')
    .execute();
}

/** A slideshow locked until the transaction ends (edits and deletes never cross). */
export function getSlideshowForUpdate(db: Db, id: string) {
  return db.selectFrom('slideshows').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Every slide of a slideshow in order, with its item, public or not (the edit dialog). */
export function listAllSlides(db: Db, slideshowId: string) {
  return db
    .selectFrom('slideshow_items')
    .innerJoin('media_items', 'media_items.id', 'slideshow_items.media_item_id')
    .selectAll('media_items')
    .select([
      'slideshow_items.id as slide_id',
      'slideshow_items.order_index',
      'slideshow_items.duration',
      'slideshow_items.caption',
    ])
    .where('slideshow_items.slideshow_id', '=', slideshowId)
    .orderBy('slideshow_items.order_index')
    .orderBy('slideshow_items.id')
    .execute();
}

/** The slides' ids of a slideshow. */
export async function listSlideIds(db: Db, slideshowId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('slideshow_items')
    .select('id')
    .where('slideshow_id', '=', slideshowId)
    .execute();
  return rows.map((r) => r.id);
}

/** The highest order_index of a slideshow's slides; -1 when it has none. */
export async function getMaxOrderIndex(db: Db, slideshowId: string): Promise<number> {
  const row = await db
    .selectFrom('slideshow_items')
    .select(sql<number | null>`max(order_index)`.as('max'))
    .where('slideshow_id', '=', slideshowId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? -1 : toNumber(row.max);
}

export function updateSlideshow(db: Db, id: string, values: Updateable<SlideshowsTable>) {
  return db
    .updateTable('slideshows')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateSlide(
  db: Db,
  id: string,
  values: { order_index: number; duration: number; caption: string | null },
) {
  await db.updateTable('slideshow_items').set(values).where('id', '=', id).execute();
}

export async function deleteSlides(db: Db, ids: string[]) {
  if (ids.length > 0) await db.deleteFrom('slideshow_items').where('id', 'in', ids).execute();
}

/** Deletes a slideshow; its slides go with it (on delete cascade). */
export async function deleteSlideshow(db: Db, id: string) {
  await db.deleteFrom('slideshows').where('id', '=', id).execute();
}
