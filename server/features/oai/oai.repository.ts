import { type RawBuilder, sql } from 'kysely';
import type { MediaType } from '#common/enums.ts';
import type { Db } from '#server/db/database.ts';
import { toNumber } from '#server/db/database.ts';
import { publicPeopleNames } from '../people/people.public.ts';

/**
 * What a harvest asks for: records with a datestamp in [from, before), in one set, after the
 * keyset position (datestamp at full precision as text, id) of the page before.
 */
export interface RecordFilter {
  /** Inclusive, as an ISO timestamp. */
  from?: string;
  /** Exclusive, as an ISO timestamp (until's second or day, plus one). */
  before?: string;
  /** The set's category (a public one). */
  categoryId?: string;
  after?: { datestamp: string; id: string };
}

/** One record: a public item, or the tombstone of one deleted or hidden (then its fields are null). */
export interface RecordRow {
  id: string;
  /** The datestamp at full precision (microseconds), UTC: `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
  datestamp: string;
  deleted: boolean;
  display_id: string;
  set_spec: string | null;
  title: string | null;
  description: string | null;
  historical_context: string | null;
  photographer: string | null;
  original_date: string | null;
  original_date_edtf: string | null;
  keywords: string[] | null;
  location: string | null;
  rights: string | null;
  copyright_holder: string | null;
  attribution_text: string | null;
  media_type: MediaType | null;
  mime_type: string | null;
  source: string | null;
  category_id: string | null;
  category_name: string | null;
  /** The public people named on the item (Dublin Core subjects); null for a tombstone. */
  people: string[] | null;
  place_name_fo: string | null;
  place_name_en: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * A record's columns as the branches name them, all but the raw datestamp: it orders the rows and
 * is sent as text (`datestamp`), so no row pays for turning it into a Date it does not use.
 */
const recordColumns = sql.raw(`u.id, u.deleted, u.display_id, u.set_spec, u.title, u.description,
  u.historical_context, u.photographer, u.original_date, u.original_date_edtf, u.keywords, u.location, u.rights,
  u.copyright_holder, u.attribution_text, u.media_type, u.mime_type, u.source, u.category_id, u.category_name,
  u.place_name_fo, u.place_name_en, u.latitude, u.longitude`);

/** Read for the records of a page only, never for the count. */
const peopleOf = sql`case when u.deleted then null else ${publicPeopleNames('u.id')} end as people`;

const stamp = (column: RawBuilder<unknown>) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * The conditions of a filter on one branch's own table (items by updated_at, tombstones by
 * deleted_at); whether the set is public is the join's (`inSet`).
 */
function conditions(
  filter: RecordFilter,
  ts: RawBuilder<unknown>,
  id: RawBuilder<unknown>,
  category: RawBuilder<unknown>,
) {
  const parts = [sql`true`];
  if (filter.from) parts.push(sql`${ts} >= ${filter.from}::timestamptz`);
  if (filter.before) parts.push(sql`${ts} < ${filter.before}::timestamptz`);
  if (filter.categoryId) parts.push(sql`${category} = ${filter.categoryId}::uuid`);
  if (filter.after)
    parts.push(sql`(${ts}, ${id}) > (${filter.after.datestamp}::timestamptz, ${filter.after.id}::uuid)`);
  return sql.join(parts, sql` and `);
}

/** A set's records are those of a public category: the category joined must be there. */
const inSet = (filter: RecordFilter) => (filter.categoryId ? sql`c.id is not null` : sql`true`);

/**
 * The first `limit` rows of a branch in its index's order, before anything is joined to them: the
 * planner then always walks the index and stops (joined first, a misjudged row count, as for a
 * keyset past the newest statistics, had it hash-join every later row, then sort: 0.6–1 s a page
 * at 100,000 items).
 */
const firstRows = (limit: number | undefined, ts: RawBuilder<unknown>, id: RawBuilder<unknown>) =>
  limit === undefined ? sql`` : sql`order by ${ts}, ${id} limit ${limit}`;

const items = (filter: RecordFilter, limit?: number) => {
  const where = conditions(filter, sql`i.updated_at`, sql`i.id`, sql`i.category_id`);
  return sql`select m.id, m.updated_at as ts, false as deleted, m.display_id, c.display_id as set_spec,
      m.title, m.description, m.historical_context, m.photographer, m.original_date, m.original_date_edtf, m.keywords,
      m.location, m.rights, m.copyright_holder, m.attribution_text, m.media_type, m.mime_type,
      m.source, m.category_id, c.name as category_name,
      p.name_fo as place_name_fo, p.name_en as place_name_en, m.latitude, m.longitude
    from (select i.id, i.updated_at, i.display_id, i.title, i.description, i.historical_context, i.photographer,
        i.original_date, i.original_date_edtf, i.keywords, i.location, i.rights, i.copyright_holder,
        i.attribution_text, i.media_type, i.mime_type, i.source, i.category_id, i.place_id, i.latitude, i.longitude
      from media_items i where i.is_public and ${where} ${firstRows(limit, sql`i.updated_at`, sql`i.id`)}) m
    left join categories c on c.id = m.category_id and c.is_public
    left join places p on p.id = m.place_id
    where ${inSet(filter)}`;
};

const tombstones = (filter: RecordFilter, limit?: number) => {
  const where = conditions(filter, sql`o.deleted_at`, sql`o.media_id`, sql`o.category_id`);
  return sql`select t.media_id as id, t.deleted_at as ts, true as deleted, t.display_id,
      c.display_id as set_spec, null::text as title, null::text as description,
      null::text as historical_context, null::text as photographer, null::text as original_date, null::text as original_date_edtf,
      null::text[] as keywords, null::text as location, null::text as rights,
      null::text as copyright_holder, null::text as attribution_text, null::text as media_type,
      null::text as mime_type, null::text as source, t.category_id, null::text as category_name,
      null::text as place_name_fo, null::text as place_name_en,
      null::double precision as latitude, null::double precision as longitude
    from (select o.media_id, o.deleted_at, o.display_id, o.category_id from oai_tombstones o
      where ${where} ${firstRows(limit, sql`o.deleted_at`, sql`o.media_id`)}) t
    left join categories c on c.id = t.category_id and c.is_public
    where ${inSet(filter)}`;
};

/**
 * One page of records in datestamp order: each branch reads its own index in order and stops at
 * `limit` (media_public_datestamp_idx, oai_tombstones_datestamp_idx: migration 0019), and the two
 * are merged, so a page costs the same at the start of a million items as at the end.
 */
export async function listRecords(db: Db, filter: RecordFilter, limit: number): Promise<RecordRow[]> {
  const result = await sql<RecordRow>`
    select ${recordColumns}, ${stamp(sql`u.ts`)} as datestamp, ${peopleOf} from (
      (${items(filter, limit)})
      union all
      (${tombstones(filter, limit)})
    ) u order by u.ts, u.id limit ${limit}`.execute(db);
  return result.rows;
}

/**
 * How many records the whole list has (the first page's `completeListSize`). The whole archive's
 * list reads the public items' count the database keeps (public_totals, migration 0006, written in
 * the same transaction as every change) instead of counting them; a set or a date range counts its
 * stretch of the datestamp indexes.
 */
export async function countRecords(db: Db, filter: RecordFilter): Promise<number> {
  const whole = !filter.from && !filter.before && !filter.categoryId && !filter.after;
  const result = whole
    ? await sql<{ n: string | number }>`
    select (select items from public_totals) + (select count(*) from oai_tombstones) as n`.execute(db)
    : await sql<{ n: string | number }>`
    select (select count(*) from (${items(filter)}) i) + (select count(*) from (${tombstones(filter)}) t) as n`.execute(
        db,
      );
  return toNumber(result.rows[0]?.n ?? 0);
}

/** One record by its item id: the public item, else its tombstone, else none. */
export async function getRecord(db: Db, id: string): Promise<RecordRow | undefined> {
  const result = await sql<RecordRow>`
    select ${recordColumns}, ${stamp(sql`u.ts`)} as datestamp, ${peopleOf} from (
      (${items({})} and m.id = ${id}::uuid) union all (${tombstones({})} and t.media_id = ${id}::uuid)
    ) u limit 1`.execute(db);
  return result.rows[0];
}

/** The public categories as sets, by their display id (stable: a rename keeps it). */
export async function listSets(db: Db) {
  return db
    .selectFrom('categories')
    .select(['id', 'display_id', 'name', 'description'])
    .where('is_public', '=', true)
    .orderBy('display_id')
    .execute();
}

export async function getPublicCategoryBySpec(db: Db, spec: string) {
  return db
    .selectFrom('categories')
    .select(['id'])
    .where('display_id', '=', spec)
    .where('is_public', '=', true)
    .executeTakeFirst();
}

/** The oldest datestamp the repository holds (to the second), or null when it holds none. */
export async function getEarliestDatestamp(db: Db): Promise<string | null> {
  const result = await sql<{ earliest: string | null }>`
    select ${stamp(sql`least(
      (select min(updated_at) from media_items where is_public),
      (select min(deleted_at) from oai_tombstones))`)} as earliest`.execute(db);
  return result.rows[0]?.earliest ?? null;
}
