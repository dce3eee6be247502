import type { Insertable, Updateable } from 'kysely';
import type { Db } from '#server/db/database.ts';
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

/** Newest first, of one status or all; at most `limit`, and how many there are. */
export async function listContributions(
  db: Db,
  status: 'pending' | 'accepted' | 'rejected' | undefined,
  limit: number,
) {
  let rows = staffRows(db);
  let count = db.selectFrom('contributions').select((eb) => eb.fn.countAll<string>().as('n'));
  if (status) {
    rows = rows.where('c.status', '=', status);
    count = count.where('status', '=', status);
  }
  const [items, total] = await Promise.all([
    rows.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: items, total: Number(total.n) };
}

export async function countContributions(db: Db) {
  const rows = await db
    .selectFrom('contributions')
    .select((eb) => ['status', eb.fn.countAll<string>().as('n')])
    .groupBy('status')
    .execute();
  const of = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  return { pending: of('pending'), accepted: of('accepted'), rejected: of('rejected') };
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
