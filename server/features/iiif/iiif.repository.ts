import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

/**
 * A public image and the file its IIIF answers are cut from: the full-size watermarked download
 * when the item carries a watermark, else the original. Null for anything else (not public, not an
 * image, or its full-size download not made yet).
 */
export async function getPublicImageSource(db: Db, id: string) {
  const row = await db
    .selectFrom('media_items as m')
    .leftJoin('derivatives as d', (join) =>
      join.onRef('d.owner_id', '=', 'm.id').on('d.owner_type', '=', 'media').on('d.variant', '=', 'download'),
    )
    .select([
      'm.id',
      'm.file_key',
      'm.mime_type',
      'm.watermark_enabled',
      'd.file_key as download_key',
      'd.mime_type as download_mime',
    ])
    .where('m.id', '=', id)
    .where('m.is_public', '=', true)
    .where('m.media_type', '=', 'image')
    .executeTakeFirst();
  if (!row?.download_key || !row.download_mime) return null;
  return row.watermark_enabled
    ? { id: row.id, fileKey: row.download_key, mimeType: row.download_mime }
    : { id: row.id, fileKey: row.file_key, mimeType: row.mime_type };
}

/** The columns a manifest shows of an item, with its category's name if that is public. */
function manifestItems(db: Db) {
  return db
    .selectFrom('media_items as m')
    .leftJoin('categories as c', (join) =>
      join.onRef('c.id', '=', 'm.category_id').on('c.is_public', '=', true),
    )
    .leftJoin('places as p', 'p.id', 'm.place_id')
    .select([
      'm.latitude',
      'm.longitude',
      'p.name_fo as place_name_fo',
      'p.name_en as place_name_en',
      'm.id',
      'm.display_id',
      'm.title',
      'm.description',
      'm.media_type',
      'm.mime_type',
      'm.sha256',
      'm.file_salt',
      'm.width',
      'm.height',
      'm.photographer',
      'm.original_date',
      'm.location',
      'm.keywords',
      'm.source',
      'm.historical_context',
      'm.copyright_holder',
      'm.attribution_text',
      'm.rights',
      'm.duration_seconds',
      // The first day the original date can be (IIIF navDate), as text whatever the driver.
      sql<string | null>`to_char(m.original_date_earliest, 'YYYY-MM-DD')`.as('nav_day'),
      'c.name as category_name',
    ])
    .where('m.is_public', '=', true);
}

export function listPublicManifestItems(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return manifestItems(db).where('m.id', 'in', ids).execute();
}

/** The derivatives a manifest names (thumbnail, full-size download) of these items. */
export async function listManifestDerivatives(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('derivatives')
    .select(['owner_id', 'variant', 'file_key', 'mime_type', 'width', 'height'])
    .where('owner_type', '=', 'media')
    .where('owner_id', 'in', ids)
    .where('variant', 'in', ['thumb', 'download', 'playable'])
    .execute();
}

export function getPublicSlideshow(db: Db, id: string) {
  return db
    .selectFrom('slideshows')
    .select(['id', 'title', 'description'])
    .where('id', '=', id)
    .where('is_public', '=', true)
    .executeTakeFirst();
}

/** A public slideshow's slides in order, public items only. */
export function listPublicSlideRefs(db: Db, slideshowId: string) {
  return db
    .selectFrom('slideshow_items as s')
    .innerJoin('media_items as m', 'm.id', 's.media_item_id')
    .select(['s.media_item_id', 's.duration', 's.caption'])
    .where('s.slideshow_id', '=', slideshowId)
    .where('m.is_public', '=', true)
    .orderBy('s.order_index')
    .execute();
}

export function listPublicSlideshows(db: Db) {
  return db
    .selectFrom('slideshows')
    .select(['id', 'title'])
    .where('is_public', '=', true)
    .orderBy('created_at', 'desc')
    .execute();
}

export function getPublicCategory(db: Db, id: string) {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'description'])
    .where('id', '=', id)
    .where('is_public', '=', true)
    .executeTakeFirst();
}

export function listPublicCategoryRefs(db: Db) {
  return db
    .selectFrom('categories')
    .select(['id', 'name'])
    .where('is_public', '=', true)
    .orderBy('name')
    .execute();
}

/**
 * A page of a category's public items, newest first (keyset on created_at, id). The position is
 * the last row's created_at as text, at the database's full precision (a JS Date would round it).
 */
export function listPublicItemsInCategory(
  db: Db,
  categoryId: string,
  limit: number,
  after: { createdAt: string; id: string } | null,
) {
  let query = db
    .selectFrom('media_items')
    .select(['id', 'title', sql<string>`created_at::text`.as('created_key')])
    .where('category_id', '=', categoryId)
    .where('is_public', '=', true);
  if (after) {
    const at = sql<Date>`${after.createdAt}::timestamptz`;
    query = query.where((eb) =>
      eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', after.id)])]),
    );
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function getSiteTitle(db: Db) {
  const row = await db
    .selectFrom('site_settings')
    .select('value')
    .where('key', '=', 'site_title')
    .executeTakeFirst();
  return row?.value ?? null;
}
