import { type SqlBool, sql } from 'kysely';
import type { GallerySort } from '#common/api/gallery.ts';
import type { MediaType } from '#common/enums.ts';
import { type Period, periodDays, TIMELINE_SEARCH_LIMIT } from '#common/timeline.ts';
import type { Db } from '#server/db/database.ts';
import { containsPattern, fetchPage, type KeysetOrder } from '#server/db/paging.ts';

/** The home banner's counts, kept by the database (public_totals, migration 0006): one row read. */
export function getPublicTotals(db: Db) {
  return db.selectFrom('public_totals').select(['items', 'views']).executeTakeFirst();
}

const byId = { expr: sql.ref('media_items.id'), type: 'uuid' } as const;
const createdAt = { expr: sql.ref('media_items.created_at'), type: 'timestamptz' } as const;

/** The expression of media_items_public_taken_idx (migration 0022). */
const DAY_TAKEN = sql`coalesce(media_items.original_date_earliest - date '0001-01-01', 2147483647)`;

/** The gallery's sorts as keyset orders, each served by a partial index of the initial migration. */
export const GALLERY_ORDERS: Record<GallerySort, KeysetOrder> = {
  newest: { keys: [createdAt, byId], direction: 'desc' },
  oldest: { keys: [createdAt, byId], direction: 'asc' },
  title: { keys: [{ expr: sql`lower(media_items.title)`, type: 'text' }, byId], direction: 'asc' },
  views: { keys: [{ expr: sql.ref('media_items.view_count'), type: 'integer' }, byId], direction: 'desc' },
  // Days since year 1 of the original date's first day; undated last, never at a default year.
  taken: { keys: [{ expr: DAY_TAKEN, type: 'integer' }, byId], direction: 'asc' },
};

/**
 * One page of public items, by keyset (never OFFSET: every item stays reachable and deep pages
 * cost the same as the first).
 */
export async function listPublicMedia(
  db: Db,
  options: {
    search?: string;
    categoryId?: string;
    mediaType?: MediaType;
    period?: Period;
    placeId?: string;
    featuredOnly?: boolean;
    sort: GallerySort;
    cursor?: string;
    limit: number;
  },
) {
  let query = db
    .selectFrom('media_items')
    .leftJoin('categories', (join) =>
      join.onRef('categories.id', '=', 'media_items.category_id').on('categories.is_public', '=', true),
    )
    // Only what a card shows (never search_text, file metadata or staff fields).
    .select([
      'media_items.id',
      'media_items.title',
      'media_items.description',
      'media_items.media_type',
      'media_items.width',
      'media_items.height',
      'media_items.placeholder',
      'media_items.view_count',
      'media_items.is_featured',
      'media_items.photographer',
      'media_items.location',
      'media_items.original_date',
      'media_items.file_salt',
      // The card's files in the same statement: one round trip per page.
      sql<{ variant: string; file_key: string }[] | null>`(
        select json_agg(json_build_object('variant', d.variant, 'file_key', d.file_key))
        from derivatives d
        where d.owner_type = 'media' and d.owner_id = media_items.id
          and d.variant in ('thumb', 'medium', 'display', 'poster', 'waveform'))`.as('derivatives'),
      'categories.name as category_name',
      'categories.color as category_color',
      'categories.icon as category_icon',
      'categories.id as category_ref_id',
    ])
    .where('media_items.is_public', '=', true);
  if (options.search) {
    // Case- and accent-insensitive over title, description, photographer, location and the names of
    // the public people named on it (people_names, migration 0043).
    const pattern = containsPattern(options.search.toLowerCase());
    query = query.where(sql<SqlBool>`media_items.search_text like f_unaccent(${pattern})`);
  }
  if (options.categoryId) query = query.where('media_items.category_id', '=', options.categoryId);
  if (options.mediaType) query = query.where('media_items.media_type', '=', options.mediaType);
  if (options.placeId) query = query.where('media_items.place_id', '=', options.placeId);
  if (options.period) {
    // In the period when its whole span lies inside (migration 0033's rule); the undated never.
    const { first, last } = periodDays(options.period);
    query = query
      .where(sql<SqlBool>`media_items.original_date_earliest >= ${first}::date`)
      .where(sql<SqlBool>`media_items.original_date_latest <= ${last}::date`)
      // The same bound on the first day, as the date-taken index reads it (so that sort starts at
      // the period instead of reading every earlier item).
      .where(
        sql<SqlBool>`${DAY_TAKEN} between ${first}::date - date '0001-01-01' and ${last}::date - date '0001-01-01'`,
      );
  }
  if (options.featuredOnly) query = query.where('media_items.is_featured', '=', true);
  return fetchPage(query, GALLERY_ORDERS[options.sort], options.cursor, options.limit);
}

export interface TimelineFilters {
  search?: string;
  categoryId?: string;
  mediaType?: MediaType;
  placeId?: string;
}

/** A period's count as the database gives it; the row with no period is a search's matches. */
export interface TimelineCountRow {
  period: string | null;
  items: string;
}

/**
 * Public items per period (decades "1950s" and years "1952"); a search's count adds a row with no
 * period holding how many items matched (up to TIMELINE_SEARCH_LIMIT + 1). The presenter reads
 * them (presentTimeline).
 */
export async function countTimeline(db: Db, filters: TimelineFilters): Promise<TimelineCountRow[]> {
  if (!filters.search && !filters.placeId) {
    // The figures the database keeps (timeline_counts, migration 0033): a few hundred rows at most.
    let query = db
      .selectFrom('timeline_counts')
      .select(['period', sql<string>`sum(items)::text`.as('items')])
      .where('is_public', '=', true)
      .groupBy('period')
      .having(sql<SqlBool>`sum(items) > 0`);
    if (filters.categoryId) query = query.where('category', '=', filters.categoryId);
    if (filters.mediaType) query = query.where('media_type', '=', filters.mediaType);
    return query.execute();
  }
  // A search's matches are the visitor's own, and the kept figures have no place: counted over the
  // first TIMELINE_SEARCH_LIMIT of them (a place's items through media_items_place_idx).
  const search = filters.search
    ? sql`and search_text like f_unaccent(${containsPattern(filters.search.toLowerCase())})`
    : sql``;
  const place = filters.placeId ? sql`and place_id = ${filters.placeId}::uuid` : sql``;
  const category = filters.categoryId ? sql`and category_id = ${filters.categoryId}::uuid` : sql``;
  const type = filters.mediaType ? sql`and media_type = ${filters.mediaType}` : sql``;
  const { rows } = await sql<TimelineCountRow>`
    with matched as (
      select original_date_earliest as earliest, original_date_latest as latest from media_items
      where is_public ${search} ${place} ${category} ${type}
      limit ${TIMELINE_SEARCH_LIMIT + 1}
    ), counted as (select * from matched limit ${TIMELINE_SEARCH_LIMIT})
    select p as period, count(*)::text as items
      from counted cross join lateral timeline_periods(counted.earliest, counted.latest) p group by p
    union all
    select null, count(*)::text from matched`.execute(db);
  return rows;
}
