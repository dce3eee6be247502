import { normalizeDisplayIdQuery } from '#common/display-id.ts';
import { type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { AdminMediaSort } from '#common/api/media.ts';
import type { MediaType } from '#common/enums.ts';
import { type Db, toNumber } from '#server/db/database.ts';
import { containsPattern, countRows, fetchPage, type KeysetOrder } from '#server/db/paging.ts';
import type { MediaItemRow, MediaItemsTable } from '#server/db/schema.ts';
import { GALLERY_ORDERS } from '../gallery/gallery.public.ts';

export function getMedia(db: Db, id: string) {
  return db.selectFrom('media_items').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What serving an item's files needs to know about it. */
export function getMediaFileInfo(db: Db, id: string) {
  return db
    .selectFrom('media_items')
    .select([
      'id',
      'is_public',
      'file_key',
      'file_name',
      'mime_type',
      'media_type',
      'sha256',
      'file_salt',
      'rights',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function createMedia(db: Db, values: Insertable<MediaItemsTable>) {
  return db.insertInto('media_items').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The item, its row locked until the transaction ends (an edit that reads what it adds to). */
export function getMediaForUpdate(db: Db, id: string) {
  return db.selectFrom('media_items').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateMedia(db: Db, id: string, values: Updateable<MediaItemsTable>) {
  return db
    .updateTable('media_items')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * One view of a public item, queued (migration 0044: the count and the usage row are written by
 * moveQueuedViews, a few seconds later, so a view moves no version and drops no kept answer); null
 * for other items. The view shows the display image, so it is logged as watermarked when that
 * image carries the mark. Not `counted` (the same client saw it moments ago): nothing queued.
 * Either way the item's count with the views still queued, this one included.
 */
export async function recordView(
  db: Db,
  id: string,
  userAgent: string | null,
  counted = true,
): Promise<number | null> {
  const queued = sql<number>`(select count(*) from media_view_queue q where q.media_item_id = m.id)`;
  if (!counted) {
    const { rows } = await sql<{ views: number }>`
      select (m.view_count + ${queued})::int as views from media_items m
      where m.id = ${id} and m.is_public`.execute(db);
    return rows[0] ? rows[0].views : null;
  }
  // One statement: the item read, the view queued, the count answered (the queue as it was before
  // this statement, plus this view).
  const { rows } = await sql<{ views: number }>`
    with m as (select id, view_count from media_items where id = ${id} and is_public),
    added as (
      insert into media_view_queue (media_item_id, user_agent, watermarked)
      select m.id, ${userAgent}, exists (select 1 from derivatives d where d.owner_type = 'media'
        and d.owner_id = m.id and d.variant = 'display' and d.watermarked)
      from m
      returning media_item_id
    )
    select (m.view_count + ${queued} + (select count(*) from added))::int as views from m`.execute(db);
  return rows[0] ? rows[0].views : null;
}

/**
 * Moves up to `limit` queued views, oldest first, into their items' counts and the usage log, in
 * one statement; answers how many. It never waits for a lock, so it never deadlocks with another
 * writer or another instance doing the same: queue rows another mover holds are skipped (theirs),
 * and so are the views of an item whose row another transaction holds (moved next time).
 */
export async function moveQueuedViews(db: Db, limit: number): Promise<number> {
  const { rows } = await sql<{ moved: number }>`
    with batch as (
      select id, media_item_id from media_view_queue order by id limit ${limit} for update skip locked
    ), items as (
      select id from media_items where id in (select media_item_id from batch) for update skip locked
    ), moved as (
      delete from media_view_queue q using batch b
      where q.id = b.id and b.media_item_id in (select id from items)
      returning q.id, q.media_item_id, q.user_agent, q.watermarked, q.viewed_at
    ), counted as (
      update media_items m set view_count = m.view_count + c.n
      from (select media_item_id, count(*)::int as n from moved group by media_item_id) c
      where m.id = c.media_item_id
    ), logged as (
      insert into media_usage_log (media_item_id, action, user_agent, watermarked, created_at)
      select media_item_id, 'view', user_agent, watermarked, viewed_at from moved order by id
    )
    select count(*)::int as moved from moved`.execute(db);
  return rows[0]?.moved ?? 0;
}

/** A row of the usage log: a view or a served download, and whether it carried the watermark. */
export async function createUsage(
  db: Db,
  usage: { mediaId: string; action: 'view' | 'download'; userAgent: string | null; watermarked: boolean },
) {
  await db
    .insertInto('media_usage_log')
    .values({
      media_item_id: usage.mediaId,
      action: usage.action,
      user_agent: usage.userAgent?.slice(0, 500) ?? null,
      watermarked: usage.watermarked,
    })
    .execute();
}

/** Many items in one statement (imports, generated archives, tests). */
export function createMediaItems(db: Db, values: Insertable<MediaItemsTable>[]) {
  return db.insertInto('media_items').values(values).returningAll().execute();
}

/** The media screen's sorts as keyset orders (the gallery's four, and featured first). */
export const ADMIN_MEDIA_ORDERS: Record<AdminMediaSort, KeysetOrder> = {
  ...GALLERY_ORDERS,
  featured: {
    keys: [
      // As 0/1: PGlite will not read a boolean cursor value back from text.
      { expr: sql`media_items.is_featured::int`, type: 'integer' },
      { expr: sql.ref('media_items.created_at'), type: 'timestamptz' },
      { expr: sql.ref('media_items.id'), type: 'uuid' },
    ],
    direction: 'desc',
  },
};

export interface AdminMediaFilters {
  q?: string;
  /** An id, or 'none' for items without one. */
  category?: string;
  folder?: string;
  place?: string;
  isPublic?: boolean;
  isFeatured?: boolean;
  mediaType?: MediaType;
  originalDate?: 'unread';
}

/** The staff search's fields as one text: the expression of media_admin_search_trgm_idx (migration 0013). */
export const ADMIN_SEARCH_TEXT = sql`(media_items.title || E'\n' || coalesce(media_items.description, '') || E'\n' || coalesce(media_items.photographer, ''))`;

/** A page of every item (public or not) with its category and folder, and how many match. */
export async function listAdminMedia(
  db: Db,
  filters: AdminMediaFilters,
  sort: AdminMediaSort,
  cursor: string | undefined,
  limit: number,
) {
  const query = adminMediaQuery(db, filters);
  const [page, total] = await Promise.all([
    fetchPage(query, ADMIN_MEDIA_ORDERS[sort], cursor, limit),
    countKept(db, filters).then((kept) => kept ?? countRows(query)),
  ]);
  return { ...page, total };
}

/** A page of the media screen's list without its count: the CSV export reads it page by page. */
export function listAdminMediaPage(
  db: Db,
  filters: AdminMediaFilters,
  sort: AdminMediaSort,
  cursor: string | undefined,
  limit: number,
) {
  return fetchPage(adminMediaQuery(db, filters), ADMIN_MEDIA_ORDERS[sort], cursor, limit);
}

/** The media screen's items matching its filters and search, with their category's and folder's names. */
function adminMediaQuery(db: Db, filters: AdminMediaFilters) {
  let query = db
    .selectFrom('media_items')
    .leftJoin('categories', 'categories.id', 'media_items.category_id')
    .leftJoin('folders', 'folders.id', 'media_items.folder_id')
    .leftJoin('places', 'places.id', 'media_items.place_id')
    .selectAll('media_items')
    .select([
      'categories.name as category_name',
      'categories.color as category_color',
      'categories.icon as category_icon',
      'folders.name as folder_name',
      // The CSV round trip names the place (issue 28 §3) by its Faroese name.
      'places.name_fo as place_name',
    ]);
  if (filters.q) {
    // Case-insensitive over title, description and photographer (admin-back-office.md §5), or
    // exactly the item's display id (where the ID search's Manage link leads).
    // The three fields together narrow the search through their trigram index (migration 0013);
    // each field is then checked on its own, so words never match across two fields.
    const pattern = containsPattern(filters.q);
    query = query.where(
      sql<SqlBool>`((${ADMIN_SEARCH_TEXT} ilike ${pattern} and (media_items.title ilike ${pattern} or media_items.description ilike ${pattern} or media_items.photographer ilike ${pattern})) or media_items.display_id = ${normalizeDisplayIdQuery(filters.q)})`,
    );
  }
  if (filters.category === 'none') query = query.where('media_items.category_id', 'is', null);
  else if (filters.category) query = query.where('media_items.category_id', '=', filters.category);
  if (filters.folder === 'none') query = query.where('media_items.folder_id', 'is', null);
  else if (filters.folder) query = query.where('media_items.folder_id', '=', filters.folder);
  if (filters.place === 'none') query = query.where('media_items.place_id', 'is', null);
  else if (filters.place) query = query.where('media_items.place_id', '=', filters.place);
  if (filters.isPublic !== undefined) query = query.where('media_items.is_public', '=', filters.isPublic);
  if (filters.isFeatured !== undefined)
    query = query.where('media_items.is_featured', '=', filters.isFeatured);
  if (filters.mediaType) query = query.where('media_items.media_type', '=', filters.mediaType);
  if (filters.originalDate === 'unread')
    query = query
      .where('media_items.original_date', 'is not', null)
      .where('media_items.original_date_edtf', 'is', null);
  return query;
}

/**
 * Items by display id with their category's and folder's names (the CSV round trip), locked
 * against other writers until the transaction ends when `lock` is set.
 */
export function listMediaByDisplayIds(db: Db, displayIds: readonly string[], lock = false) {
  if (displayIds.length === 0) return Promise.resolve([]);
  let query = db
    .selectFrom('media_items')
    .leftJoin('categories', 'categories.id', 'media_items.category_id')
    .leftJoin('folders', 'folders.id', 'media_items.folder_id')
    .leftJoin('places', 'places.id', 'media_items.place_id')
    // What the round trip compares and checks, not the whole row (its EXIF, hashes, search text).
    .select([
      'media_items.id',
      'media_items.display_id',
      'media_items.media_type',
      'media_items.title',
      'media_items.description',
      'media_items.photographer',
      'media_items.location',
      'media_items.original_date',
      'media_items.source',
      'media_items.keywords',
      'media_items.is_public',
      'media_items.is_featured',
      'media_items.copyright_status',
      'media_items.copyright_holder',
      'media_items.commercial_use_allowed',
      'media_items.attribution_required',
      'media_items.attribution_text',
      'media_items.historical_context',
      'media_items.technical_notes',
      'media_items.rights',
      'media_items.place_id',
      'media_items.latitude',
      'media_items.longitude',
    ])
    .select([
      'categories.name as category_name',
      'folders.name as folder_name',
      'places.name_fo as place_name',
    ])
    .where('media_items.display_id', 'in', displayIds);
  if (lock) query = query.forUpdate('media_items');
  return query.execute();
}

/**
 * Many items' columns at once (the CSV round trip): `records` each carry `id` and every one of
 * `columns`, read into media_items' own row type by jsonb_populate_recordset, so each value is
 * typed by its column; one statement per call, the triggers fire as for any update. Answers each
 * updated item's id, rights and type (what a rights change needs next), not its whole row.
 */
export async function updateMediaFromRecords(
  db: Db,
  columns: readonly (keyof MediaItemsTable & string)[],
  records: readonly Record<string, unknown>[],
) {
  if (records.length === 0 || columns.length === 0) return [];
  const sets = sql.join(columns.map((c) => sql`${sql.ref(c)} = r.${sql.ref(c)}`));
  const result = await sql<
    Pick<MediaItemRow, 'id' | 'rights' | 'media_type'>
  >`update media_items m set ${sets}, updated_at = now() from jsonb_populate_recordset(null::media_items, ${JSON.stringify(records)}::jsonb) r where m.id = r.id returning m.id, m.rights, m.media_type`.execute(
    db,
  );
  return result.rows;
}

/**
 * Every category's and folder's id by name (the oldest where names repeat), and every place of the
 * list by its Faroese name (unique without regard to case: keyed in lower case), for the CSV round trip.
 */
export async function listPlaceIdsByName(db: Db) {
  const [categories, folders, places] = await Promise.all([
    db.selectFrom('categories').select(['id', 'name']).orderBy('created_at', 'desc').execute(),
    db.selectFrom('folders').select(['id', 'name']).orderBy('created_at', 'desc').execute(),
    db.selectFrom('places').select(['id', 'name_fo']).execute(),
  ]);
  return {
    categories: new Map(categories.map((c) => [c.name, c.id])),
    folders: new Map(folders.map((f) => [f.name, f.id])),
    places: new Map(places.map((p) => [p.name_fo.toLowerCase(), { id: p.id, name: p.name_fo }])),
  };
}

/**
 * How many items match, from the figures the database keeps (migrations 0006, 0008) when the
 * filters are none or one of public, featured or category: one row read instead of counting every
 * matching item on each page. Null for other filters (a search, a folder, a type, several at once):
 * those are counted.
 */
async function countKept(db: Db, filters: AdminMediaFilters): Promise<number | null> {
  const used = Object.entries(filters).filter(([, value]) => value !== undefined && value !== '');
  if (used.length > 1) return null;
  const [name, value] = used[0] ?? [];
  const totals = () =>
    db
      .selectFrom('media_totals')
      .crossJoin('public_totals')
      .select([
        'media_totals.items as items',
        'media_totals.featured as featured',
        'media_totals.categorized as categorized',
        'public_totals.items as public',
      ])
      .executeTakeFirstOrThrow();
  switch (name) {
    case undefined:
      return toNumber((await totals()).items);
    case 'isPublic': {
      const row = await totals();
      return value ? toNumber(row.public) : toNumber(row.items) - toNumber(row.public);
    }
    case 'isFeatured': {
      const row = await totals();
      return value ? toNumber(row.featured) : toNumber(row.items) - toNumber(row.featured);
    }
    case 'category': {
      if (value === 'none') {
        const row = await totals();
        return toNumber(row.items) - toNumber(row.categorized);
      }
      const row = await db
        .selectFrom('media_category_totals')
        .select('items')
        .where('category_id', '=', value as string)
        .executeTakeFirst();
      return toNumber(row?.items ?? 0);
    }
    default:
      return null;
  }
}

export type AdminMediaRow = Awaited<ReturnType<typeof listAdminMedia>>['rows'][number];

/** The media screen's six tiles, from the figures the database keeps (migrations 0006, 0008). */
export function getMediaStats(db: Db) {
  return db
    .selectFrom('media_totals')
    .crossJoin('public_totals')
    .select([
      'media_totals.items as total',
      'public_totals.items as public',
      'media_totals.featured as featured',
      'media_totals.categorized as categorized',
      'media_totals.views as views',
      sql<string>`(select count(*) from categories)`.as('categories'),
    ])
    .executeTakeFirstOrThrow();
}

export type MediaStatsRow = Awaited<ReturnType<typeof getMediaStats>>;

/**
 * The items of a bulk action, locked until the transaction ends: a parallel action on the same
 * items waits, then sees what this one left (no double counts, no log rows for rows gone meanwhile).
 */
export function getMediaMany(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return (
    db
      .selectFrom('media_items')
      .select(['id', 'title', 'is_public', 'is_featured', 'media_type', 'rights'])
      .where('id', 'in', ids)
      // A total order: items made in one statement share created_at, and two bulk actions that
      // locked such ties in different orders deadlocked (staff-totals.test.ts, PostgreSQL).
      .orderBy('created_at')
      .orderBy('id')
      .forUpdate()
      .execute()
  );
}

/** Sets the same values on many items; returns the ids changed. */
export function updateMediaMany(db: Db, ids: string[], values: Updateable<MediaItemsTable>) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .updateTable('media_items')
    .set({ ...values, updated_at: new Date() })
    .where('id', 'in', ids)
    .returning(['id'])
    .execute();
}

/**
 * Gives many items one place (null: none); returns the ids that changed. An item's point follows
 * when it has none or it is its old place's point; a point of its own stays.
 */
export async function setPlaceMany(
  db: Db,
  ids: string[],
  place: { id: string; latitude: number; longitude: number } | null,
) {
  if (ids.length === 0) return [];
  const follows = sql<boolean>`(media_items.latitude is null or exists (
    select 1 from places old where old.id = media_items.place_id
      and old.latitude = media_items.latitude and old.longitude = media_items.longitude))`;
  const result = await db
    .updateTable('media_items')
    .set({
      place_id: place?.id ?? null,
      latitude: sql`case when ${follows} then ${place?.latitude ?? null}::double precision else media_items.latitude end`,
      longitude: sql`case when ${follows} then ${place?.longitude ?? null}::double precision else media_items.longitude end`,
      updated_at: new Date(),
    })
    .where('id', 'in', ids)
    .where(sql<boolean>`place_id is distinct from ${place?.id ?? null}::uuid`)
    .returning(['id'])
    .execute();
  return result;
}

/**
 * Deletes items with their derivative rows (slides of slideshows, usage rows go by their foreign
 * keys); returns the stored files they leave behind, for the caller to delete after commit.
 */
export async function deleteMediaMany(db: Db, ids: string[]): Promise<{ ids: string[]; fileKeys: string[] }> {
  if (ids.length === 0) return { ids: [], fileKeys: [] };
  const derivatives = await db
    .deleteFrom('derivatives')
    .where('owner_type', '=', 'media')
    .where('owner_id', 'in', ids)
    .returning('file_key')
    .execute();
  const rows = await db
    .deleteFrom('media_items')
    .where('id', 'in', ids)
    .returning(['id', 'file_key'])
    .execute();
  return {
    ids: rows.map((r) => r.id),
    fileKeys: [...rows.map((r) => r.file_key), ...derivatives.map((d) => d.file_key)],
  };
}
