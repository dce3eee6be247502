import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { MediaType } from '#common/enums.ts';
import { type Period, periodDays } from '#common/timeline.ts';
import type { Db } from '#server/db/database.ts';
import { toNumber } from '#server/db/database.ts';
import { containsPattern } from '#server/db/paging.ts';

/** The gallery's filters as the map applies them (the gallery's own rules: gallery.repository.ts). */
export interface MapFilters {
  search?: string;
  categoryId?: string;
  mediaType?: MediaType;
  period?: Period;
  /** A place of the list (issue 28 §3); not in the kept counts: read from the items. */
  placeId?: string;
}

/** Cells of one grid level: x in one or two intervals (two when the view crosses 180°), y in one. */
export interface CellWindow {
  level: number;
  xs: [number, number][];
  y: [number, number];
}

export interface CellCount {
  x: number;
  y: number;
  items: number;
  latSum: number;
  lonSum: number;
}

const inWindow = (x: RawBuilder<unknown>, y: RawBuilder<unknown>, window: CellWindow) =>
  sql<SqlBool>`(${sql.join(
    window.xs.map(([from, to]) => sql`${x} between ${from} and ${to}`),
    sql` or `,
  )}) and ${y} between ${window.y[0]} and ${window.y[1]}`;

/**
 * The kept counts (map_cells, migration 0039) of a kept level's cells in `window`, summed into the
 * cells `shift` levels coarser. `periods`: ['*'] for all time, else the period's own rows.
 */
export async function sumKeptCells(
  db: Db,
  options: {
    window: CellWindow;
    shift: number;
    periods: string[];
    categoryId?: string;
    mediaType?: MediaType;
  },
): Promise<CellCount[]> {
  const { window, shift } = options;
  const category = options.categoryId ? sql`and category = ${options.categoryId}` : sql``;
  const type = options.mediaType ? sql`and media_type = ${options.mediaType}` : sql``;
  const { rows } = await sql<{ x: number; y: number; items: string; lat_sum: number; lon_sum: number }>`
    select x >> ${shift} as x, y >> ${shift} as y, sum(items)::text as items,
      sum(lat_sum) as lat_sum, sum(lon_sum) as lon_sum
    from map_cells
    where level = ${window.level} and period in (${sql.join(options.periods)})
      and ${inWindow(sql.ref('x'), sql.ref('y'), window)} ${category} ${type}
    group by 1, 2 having sum(items) > 0`.execute(db);
  return rows.map((r) => ({
    x: Number(r.x),
    y: Number(r.y),
    items: toNumber(r.items),
    latSum: Number(r.lat_sum),
    lonSum: Number(r.lon_sum),
  }));
}

function filterSql(filters: MapFilters): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`m.is_public and m.map_key is not null`];
  if (filters.search) {
    // Case- and accent-insensitive over title, description, photographer, location and public people
    // (as the gallery).
    parts.push(sql`m.search_text like f_unaccent(${containsPattern(filters.search.toLowerCase())})`);
  }
  if (filters.categoryId) parts.push(sql`m.category_id = ${filters.categoryId}::uuid`);
  if (filters.mediaType) parts.push(sql`m.media_type = ${filters.mediaType}`);
  if (filters.placeId) parts.push(sql`m.place_id = ${filters.placeId}::uuid`);
  if (filters.period) {
    // In the period when its whole span lies inside (migration 0033's rule); the undated never.
    const { first, last } = periodDays(filters.period);
    parts.push(sql`m.original_date_earliest >= ${first}::date and m.original_date_latest <= ${last}::date`);
  }
  return sql.join(parts, sql` and `);
}

const keyArray = (values: number[]) => sql`${`{${values.join(',')}}`}::bigint[]`;

/**
 * One item of each map_key range [from, to) (with the range's index) that the filters select (a cell the kept counts say
 * holds one): an index range scan each (media_items_map_key_idx).
 */
export async function findOneInRanges(db: Db, ranges: [number, number][], filters: MapFilters) {
  if (ranges.length === 0) return [];
  const { rows } = await sql<{ id: string; idx: number }>`
    select found.id, (r.n - 1)::integer as idx
    from unnest(${keyArray(ranges.map((r) => r[0]))}, ${keyArray(ranges.map((r) => r[1]))})
      with ordinality r(lo, hi, n)
    cross join lateral (
      select m.id from media_items m
      where m.map_key >= r.lo and m.map_key < r.hi
        and ${filterSql(filters)}
      limit 1
    ) found`.execute(db);
  return rows.map((r) => ({ id: r.id, range: Number(r.idx) }));
}

export interface LocatedRow {
  id: string;
  latitude: number;
  longitude: number;
  x: number;
  y: number;
}

/**
 * The located public items the filters select in `window`, at most `limit`, with their cell at
 * the window's level. Read through `ranges` (map_key ranges covering the window: index range
 * scans) or, with a search and no ranges, from the search's matches.
 */
export async function listLocated(
  db: Db,
  options: { window: CellWindow; ranges?: [number, number][]; filters: MapFilters; limit: number },
): Promise<LocatedRow[]> {
  const shift = 24 - options.window.level;
  const x = sql`(map_ix(m.longitude) >> ${shift})`;
  const y = sql`(map_iy(m.latitude) >> ${shift})`;
  const from = options.ranges
    ? sql`unnest(${keyArray(options.ranges.map((r) => r[0]))}, ${keyArray(options.ranges.map((r) => r[1]))}) r(lo, hi)
        join media_items m on m.map_key >= r.lo and m.map_key < r.hi`
    : sql`media_items m`;
  const { rows } = await sql<LocatedRow>`
    select m.id, m.latitude, m.longitude, ${x} as x, ${y} as y from ${from}
    where ${filterSql(options.filters)} and ${inWindow(x, y, options.window)}
    limit ${options.limit}`.execute(db);
  return rows.map((r) => ({ ...r, x: Number(r.x), y: Number(r.y) }));
}

/**
 * The located public items the filters select, by title (media_public_title_idx), at most `limit`:
 * their ids in that order.
 */
export async function listLocatedByTitle(db: Db, filters: MapFilters, limit: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select m.id from media_items m
    where ${filterSql(filters)}
    order by lower(m.title), m.id
    limit ${limit}`.execute(db);
  return rows.map((r) => r.id);
}

/** What a single item on the map shows: its title, type and thumbnail (or a video's poster). */
export async function getMapItemDetails(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('media_items')
    .select([
      'media_items.id',
      'media_items.title',
      'media_items.media_type',
      'media_items.latitude',
      'media_items.longitude',
      'media_items.file_salt',
      sql<string | null>`(
        select d.file_key from derivatives d
        where d.owner_type = 'media' and d.owner_id = media_items.id and d.variant in ('thumb', 'poster')
        order by d.variant = 'thumb' desc limit 1)`.as('thumb_key'),
      sql<string | null>`(
        select d.variant from derivatives d
        where d.owner_type = 'media' and d.owner_id = media_items.id and d.variant in ('thumb', 'poster')
        order by d.variant = 'thumb' desc limit 1)`.as('thumb_variant'),
    ])
    .where('media_items.id', 'in', ids)
    .where('media_items.is_public', '=', true)
    .execute();
}
