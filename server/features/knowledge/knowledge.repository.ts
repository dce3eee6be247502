import { type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { containsPattern, countRows, fetchPage, type KeysetOrder } from '#server/db/paging.ts';
import type { ContributionsTable } from '#server/db/schema.ts';

export function createContribution(db: Db, values: Insertable<ContributionsTable>) {
  return db.insertInto('contributions').values(values).returning(['id', 'status']).executeTakeFirstOrThrow();
}

/** One contribution with its item's id, number and title (the review screen's row). */
function staffRows(db: Db) {
  return db
    .selectFrom('contributions as c')
    .innerJoin('media_items as m', 'm.id', 'c.media_id')
    .selectAll('c')
    .select(['m.display_id as media_display_id', 'm.title as media_title']);
}
export type StaffContributionRow = Awaited<ReturnType<typeof getStaffContribution>> & {};

export function getStaffContribution(db: Db, id: string) {
  return staffRows(db).where('c.id', '=', id).executeTakeFirst();
}

/** Locked until the transaction ends: of two staff reviewing it at once, the second waits and sees the first's outcome. */
export function getContributionForUpdate(db: Db, id: string) {
  return db.selectFrom('contributions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateContribution(db: Db, id: string, values: Updateable<ContributionsTable>) {
  return db
    .updateTable('contributions')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
}

const NEWEST: KeysetOrder = {
  keys: [
    { expr: sql.ref('c.created_at'), type: 'timestamptz' },
    { expr: sql.ref('c.id'), type: 'uuid' },
  ],
  direction: 'desc',
};

/**
 * A page of contributions, newest first, of one status or all, and how many match; `q` matches
 * what was told, the teller's name or address, or the item's title.
 */
export async function listContributions(
  db: Db,
  filters: { status?: 'pending' | 'accepted' | 'rejected'; q?: string },
  cursor: string | undefined,
  limit: number,
) {
  let query = staffRows(db);
  if (filters.status) query = query.where('c.status', '=', filters.status);
  if (filters.q) {
    const p = containsPattern(filters.q);
    query = query.where(
      sql<SqlBool>`(c.who ilike ${p} or c.place ilike ${p} or c.time_text ilike ${p} or c.other ilike ${p}
        or c.contributor_name ilike ${p} or c.contributor_email ilike ${p} or m.title ilike ${p})`,
    );
  }
  const [page, total] = await Promise.all([fetchPage(query, NEWEST, cursor, limit), countRows(query)]);
  return { ...page, total };
}

/** How many there are of each status (a status with none has no row). */
export function countContributions(db: Db) {
  return db
    .selectFrom('contributions')
    .select((eb) => ['status', eb.fn.countAll<string>().as('n')])
    .groupBy('status')
    .execute();
}

export async function countPendingContributions(db: Db) {
  const row = await db
    .selectFrom('contributions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The credits of one item: accepted contributions, oldest first. */
export function listCredits(db: Db, mediaId: string) {
  return db
    .selectFrom('contributions')
    .select(['contributor_name', 'reviewed_at'])
    .where('media_id', '=', mediaId)
    .where('status', '=', 'accepted')
    .orderBy('reviewed_at')
    .orderBy('id')
    .execute();
}

/** A signed-in contributor's own contributions, newest first, with their items' titles. */
export function listOwnContributions(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('contributions as c')
    .innerJoin('media_items as m', 'm.id', 'c.media_id')
    .select(['c.id', 'c.media_id', 'c.status', 'c.created_at', 'm.title as media_title'])
    .where('c.submitted_by', '=', userId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
}

export async function countOwnAccepted(db: Db, userId: string) {
  const row = await db
    .selectFrom('contributions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('submitted_by', '=', userId)
    .where('status', '=', 'accepted')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
