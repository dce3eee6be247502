import { type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { containsPattern, countRows, fetchPage, type KeysetOrder } from '#server/db/paging.ts';
import type { PeopleTable, PersonBoxesTable, PersonSuggestionsTable } from '#server/db/schema.ts';

// ---- people -----------------------------------------------------------------------------------

export function createPerson(db: Db, values: Insertable<PeopleTable>) {
  return db.insertInto('people').values(values).returning('id').executeTakeFirstOrThrow();
}

export function getPerson(db: Db, id: string) {
  return db.selectFrom('people').selectAll().where('id', '=', id).executeTakeFirst();
}

export function getPersonForUpdate(db: Db, id: string) {
  return db.selectFrom('people').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updatePerson(db: Db, id: string, values: Updateable<PeopleTable>) {
  return db
    .updateTable('people')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

/** The items a person is named on (their Dublin Core changes with the person's name or privacy). */
export async function listMediaIdsOfPerson(db: Db, personId: string) {
  const rows = await db
    .selectFrom('person_boxes')
    .select('media_id')
    .distinct()
    .where('person_id', '=', personId)
    .where('status', '=', 'confirmed')
    .execute();
  return rows.map((row) => row.media_id);
}

/** Everything that names `from` names `into` instead (boxes, the job's look-alikes, suggestions). */
export async function movePerson(db: Db, from: string, into: string) {
  await db
    .updateTable('person_boxes')
    .set({ person_id: into, updated_at: new Date() })
    .where('person_id', '=', from)
    .execute();
  await db
    .updateTable('person_boxes')
    .set({ suggested_person_id: into })
    .where('suggested_person_id', '=', from)
    .execute();
  await db.updateTable('person_suggestions').set({ person_id: into }).where('person_id', '=', from).execute();
}

export function deletePerson(db: Db, id: string) {
  return db.deleteFrom('people').where('id', '=', id).returning(['id', 'name']).executeTakeFirst();
}

/** A person with how many confirmed boxes name them (the staff list's row). */
function staffPeople(db: Db) {
  return db
    .selectFrom('people as p')
    .selectAll('p')
    .select(
      sql<string>`(select count(*) from person_boxes b where b.person_id = p.id and b.status = 'confirmed')`.as(
        'boxes',
      ),
    );
}
export type StaffPersonRow = Awaited<ReturnType<typeof getStaffPerson>> & {};

export function getStaffPerson(db: Db, id: string) {
  return staffPeople(db).where('p.id', '=', id).executeTakeFirst();
}

const BY_NAME: KeysetOrder = {
  keys: [
    { expr: sql`lower(p.name)`, type: 'text' },
    { expr: sql.ref('p.id'), type: 'uuid' },
  ],
  direction: 'asc',
};

/** A page of people by name; `q` matches the name, the years or the note. */
export async function listPeople(db: Db, q: string | undefined, cursor: string | undefined, limit: number) {
  let query = staffPeople(db);
  if (q) {
    const p = containsPattern(q);
    query = query.where(
      sql<SqlBool>`(p.name ilike ${p} or p.born ilike ${p} or p.died ilike ${p} or p.note ilike ${p})`,
    );
  }
  const [page, total] = await Promise.all([fetchPage(query, BY_NAME, cursor, limit), countRows(query)]);
  return { ...page, total };
}

// ---- boxes --------------------------------------------------------------------------------------

export function createBox(db: Db, values: Insertable<PersonBoxesTable>) {
  return db.insertInto('person_boxes').values(values).returning('id').executeTakeFirstOrThrow();
}

export function getBoxForUpdate(db: Db, id: string) {
  return db.selectFrom('person_boxes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateBox(db: Db, id: string, values: Updateable<PersonBoxesTable>) {
  return db
    .updateTable('person_boxes')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

export function deleteBox(db: Db, id: string) {
  return db.deleteFrom('person_boxes').where('id', '=', id).returning(['id', 'media_id']).executeTakeFirst();
}

function boxRows(db: Db) {
  return db
    .selectFrom('person_boxes as b')
    .leftJoin('people as p', 'p.id', 'b.person_id')
    .leftJoin('people as s', 's.id', 'b.suggested_person_id')
    .select([
      'b.id',
      'b.media_id',
      'b.x',
      'b.y',
      'b.w',
      'b.h',
      'b.source',
      'b.status',
      'b.person_id',
      'b.confidence',
      'b.created_at',
      'p.name as person_name',
      'p.is_private as person_is_private',
      'b.suggested_person_id',
      's.name as suggested_person_name',
    ]);
}
export type BoxRow = Awaited<ReturnType<typeof listMediaBoxes>>[number];

/** The boxes of an item for staff, left to right: every one (suggested and dismissed too). */
export function listMediaBoxes(db: Db, mediaId: string) {
  return boxRows(db)
    .where('b.media_id', '=', mediaId)
    .orderBy('b.x')
    .orderBy('b.y')
    .orderBy('b.id')
    .execute();
}

/**
 * Each of these items as the permission rules see it, with its boxes as the public sees them, left
 * to right: the confirmed ones, without a private person's (their box is not shown at all, so
 * nobody is asked to put a name to it). One row per box, or one with `id` null for an item without
 * any; an unknown item has no row. One statement for the item and its boxes, and for every media
 * page asked in the same moment (people.service.ts, publicBoxesOf).
 */
export function listPublicBoxesOfItems(db: Db, mediaIds: string[]) {
  const boxes = db
    .selectFrom('person_boxes as b')
    .leftJoin('people as p', 'p.id', 'b.person_id')
    .select(['b.media_id', 'b.id', 'b.x', 'b.y', 'b.w', 'b.h', 'b.person_id', 'p.name as person_name'])
    .select('p.is_private as person_is_private')
    .where('b.media_id', 'in', mediaIds)
    .where('b.status', '=', 'confirmed')
    .where((eb) => eb.or([eb('b.person_id', 'is', null), eb('p.is_private', '=', false)]))
    .as('bx');
  return db
    .selectFrom('media_items as m')
    .leftJoin(boxes, 'bx.media_id', 'm.id')
    .select(['m.id as media_id', 'm.is_public', 'm.media_type'])
    .select([
      'bx.id',
      'bx.x',
      'bx.y',
      'bx.w',
      'bx.h',
      'bx.person_id',
      'bx.person_name',
      'bx.person_is_private',
    ])
    .where('m.id', 'in', mediaIds)
    .orderBy('m.id')
    .orderBy('bx.x')
    .orderBy('bx.y')
    .orderBy('bx.id')
    .execute();
}

export function getBox(db: Db, id: string) {
  return boxRows(db).where('b.id', '=', id).executeTakeFirst();
}

/** The public photos a person is named on, newest item number first, with their thumbnails. */
export function listPublicItemsOfPerson(db: Db, personId: string, limit: number) {
  return db
    .selectFrom('media_items as m')
    .leftJoin('derivatives as d', (join) =>
      join.onRef('d.owner_id', '=', 'm.id').on('d.owner_type', '=', 'media').on('d.variant', '=', 'thumb'),
    )
    .select(['m.id', 'm.display_id', 'm.title', 'm.original_date', 'm.file_salt', 'd.file_key as thumb_key'])
    .where('m.is_public', '=', true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('person_boxes as b')
          .select(sql`1`.as('one'))
          .whereRef('b.media_id', '=', 'm.id')
          .where('b.person_id', '=', personId)
          .where('b.status', '=', 'confirmed'),
      ),
    )
    .orderBy('m.display_id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The names of the public people on an item, as one text[] column of a query whose item id is
 * `mediaId` (a column reference such as 'm.id'): Dublin Core's subjects in OAI-PMH and the exports.
 * Confirmed boxes, named, the person not private; each name once, in order.
 */
export const publicPeopleNames = (mediaId: string) => sql<string[]>`array(
  select distinct p.name from person_boxes b join people p on p.id = b.person_id
  where b.media_id = ${sql.ref(mediaId)} and b.status = 'confirmed' and not p.is_private order by p.name)`;

/** The same for several items at once (the IIIF manifest's boxes need their rectangles). */
export function listPublicNamedBoxes(db: Db, mediaIds: string[]) {
  if (mediaIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('person_boxes as b')
    .innerJoin('people as p', 'p.id', 'b.person_id')
    .select(['b.id', 'b.media_id', 'b.x', 'b.y', 'b.w', 'b.h', 'p.id as person_id', 'p.name'])
    .where('b.media_id', 'in', mediaIds)
    .where('b.status', '=', 'confirmed')
    .where('p.is_private', '=', false)
    .orderBy('b.x')
    .orderBy('b.id')
    .execute();
}

/**
 * The people with a page (not private, named on a public photo), for the sitemap: at most `limit`,
 * by id.
 */
export function listPublicPeople(db: Db, limit: number) {
  return db
    .selectFrom('people as p')
    .select(['p.id', 'p.updated_at'])
    .where('p.is_private', '=', false)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('person_boxes as b')
          .innerJoin('media_items as m', 'm.id', 'b.media_id')
          .select(sql`1`.as('one'))
          .whereRef('b.person_id', '=', 'p.id')
          .where('b.status', '=', 'confirmed')
          .where('m.is_public', '=', true),
      ),
    )
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

// ---- suggestions --------------------------------------------------------------------------------

export function createSuggestion(db: Db, values: Insertable<PersonSuggestionsTable>) {
  return db.insertInto('person_suggestions').values(values).returning('id').executeTakeFirstOrThrow();
}

export function getSuggestionForUpdate(db: Db, id: string) {
  return db.selectFrom('person_suggestions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateSuggestion(db: Db, id: string, values: Updateable<PersonSuggestionsTable>) {
  return db
    .updateTable('person_suggestions')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

function suggestionRows(db: Db) {
  return db
    .selectFrom('person_suggestions as s')
    .innerJoin('media_items as m', 'm.id', 's.media_id')
    .leftJoin('person_boxes as b', 'b.id', 's.box_id')
    .leftJoin('people as bp', 'bp.id', 'b.person_id')
    .leftJoin('people as p', 'p.id', 's.person_id')
    .leftJoin('derivatives as d', (join) =>
      join.onRef('d.owner_id', '=', 'm.id').on('d.owner_type', '=', 'media').on('d.variant', '=', 'thumb'),
    )
    .selectAll('s')
    .select([
      'm.display_id as media_display_id',
      'm.title as media_title',
      'm.file_salt as media_file_salt',
      'd.file_key as thumb_key',
      'b.x as box_x',
      'b.y as box_y',
      'b.w as box_w',
      'b.h as box_h',
      'bp.name as box_person_name',
      'p.name as person_name',
    ]);
}
export type SuggestionRow = Awaited<ReturnType<typeof getStaffSuggestion>> & {};

export function getStaffSuggestion(db: Db, id: string) {
  return suggestionRows(db).where('s.id', '=', id).executeTakeFirst();
}

const NEWEST: KeysetOrder = {
  keys: [
    { expr: sql.ref('s.created_at'), type: 'timestamptz' },
    { expr: sql.ref('s.id'), type: 'uuid' },
  ],
  direction: 'desc',
};

export async function listSuggestions(
  db: Db,
  filters: { status?: 'pending' | 'accepted' | 'rejected'; q?: string },
  cursor: string | undefined,
  limit: number,
) {
  let query = suggestionRows(db);
  if (filters.status) query = query.where('s.status', '=', filters.status);
  if (filters.q) {
    const p = containsPattern(filters.q);
    query = query.where(
      sql<SqlBool>`(s.name ilike ${p} or s.note ilike ${p} or s.contributor_name ilike ${p}
        or s.contributor_email ilike ${p} or m.title ilike ${p})`,
    );
  }
  const [page, total] = await Promise.all([fetchPage(query, NEWEST, cursor, limit), countRows(query)]);
  return { ...page, total };
}

/** How many there are of each status (a status with none has no row). */
export function countSuggestions(db: Db) {
  return db
    .selectFrom('person_suggestions')
    .select((eb) => ['status', eb.fn.countAll<string>().as('n')])
    .groupBy('status')
    .execute();
}

/** A signed-in contributor's own names for people, newest first, with their items' titles. */
export function listOwnSuggestions(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('person_suggestions as s')
    .innerJoin('media_items as m', 'm.id', 's.media_id')
    .select(['s.id', 's.media_id', 's.name', 's.status', 's.created_at', 'm.title as media_title'])
    .where('s.submitted_by', '=', userId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
}

export async function countOwnAcceptedSuggestions(db: Db, userId: string) {
  const row = await db
    .selectFrom('person_suggestions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('submitted_by', '=', userId)
    .where('status', '=', 'accepted')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countPendingSuggestions(db: Db) {
  const row = await db
    .selectFrom('person_suggestions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
