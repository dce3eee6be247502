import { type SqlBool, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { containsPattern, countRows, fetchPage, type KeysetOrder } from '#server/db/paging.ts';

export interface NewActivity {
  userId: string | null;
  action: string;
  resourceType: string | null;
  resourceId: string | null;
  resourceName: string | null;
  details: Record<string, unknown> | null;
}

export async function createActivity(db: Db, entry: NewActivity): Promise<void> {
  await db
    .insertInto('activity_logs')
    .values({
      user_id: entry.userId,
      action: entry.action,
      resource_type: entry.resourceType,
      resource_id: entry.resourceId,
      resource_name: entry.resourceName,
      details: entry.details,
    })
    .execute();
}

/** Newest first: the identity column grows with every row, so it alone orders the log. */
const NEWEST: KeysetOrder = {
  keys: [{ expr: sql.ref('activity_logs.id'), type: 'bigint' }],
  direction: 'desc',
};

export interface ActivityFilters {
  q?: string;
  action?: string;
  resourceType?: string;
  userId?: string;
}

/** Log rows with who did each thing (null user: 'System'). */
function selectActivity(db: Db) {
  return db
    .selectFrom('activity_logs')
    .leftJoin('users', 'users.id', 'activity_logs.user_id')
    .select([
      'activity_logs.id',
      'activity_logs.action',
      'activity_logs.resource_type',
      'activity_logs.resource_id',
      'activity_logs.resource_name',
      'activity_logs.created_at',
      'users.id as user_id',
      'users.full_name as user_full_name',
      'users.email as user_email',
    ]);
}

/** The newest `limit` rows (the dashboard's Recent Activity). */
export function listRecentActivity(db: Db, limit: number) {
  return selectActivity(db).orderBy('activity_logs.id', 'desc').limit(limit).execute();
}

/** A page of the log with who did each thing, and how many rows match. */
export async function listActivity(
  db: Db,
  filters: ActivityFilters,
  cursor: string | undefined,
  limit: number,
) {
  let query = selectActivity(db);
  if (filters.action) query = query.where('activity_logs.action', '=', filters.action);
  if (filters.resourceType) query = query.where('activity_logs.resource_type', '=', filters.resourceType);
  if (filters.userId) query = query.where('activity_logs.user_id', '=', filters.userId);
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    query = query.where(
      sql<SqlBool>`(activity_logs.resource_name ilike ${pattern} or users.full_name ilike ${pattern} or users.email ilike ${pattern})`,
    );
  }
  const [page, total] = await Promise.all([fetchPage(query, NEWEST, cursor, limit), countRows(query)]);
  return { ...page, total };
}

export type ActivityRow = Awaited<ReturnType<typeof listActivity>>['rows'][number];
