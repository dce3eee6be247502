import { normalizeDisplayIdQuery } from '#common/display-id.ts';
import { type SqlBool, sql, type Updateable } from 'kysely';
import type { UserSort } from '#common/api/users.ts';
import type { Role } from '#common/roles.ts';
import { type Db, toNumber } from '#server/db/database.ts';
import { containsPattern, countRows, fetchPage, type KeysetOrder } from '#server/db/paging.ts';
import type { UsersTable } from '#server/db/schema.ts';

export function getUser(db: Db, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function getUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function hasAdmin(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deactivating also ends every session of the account: call it in the caller's transaction so
 * both happen together.
 */
export async function updateUserActive(db: Db, id: string, isActive: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_active: isActive, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
  if (!isActive) await db.deleteFrom('sessions').where('user_id', '=', id).execute();
}

/**
 * The active admins' ids, locked until the transaction ends: a change that could leave the
 * archive without an active admin reads them, so two such changes run one after the other.
 */
export async function lockActiveAdminIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('is_active', '=', true)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

export async function updateUserRole(db: Db, id: string, role: 'admin' | 'editor' | 'viewer' | 'public') {
  await db.updateTable('users').set({ role, updated_at: new Date() }).where('id', '=', id).execute();
}

/** Merges `changes` into the account's preferences in one statement; answers the result. */
export async function mergeUserPreferences(db: Db, id: string, changes: Record<string, unknown>) {
  const row = await db
    .updateTable('users')
    .set({
      preferences: sql`coalesce(preferences, '{}'::jsonb) || ${JSON.stringify(changes)}::jsonb`,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returning('preferences')
    .executeTakeFirstOrThrow();
  return row.preferences;
}

/** Active content staff who asked to be told of new submissions (preferences.notifyNewSubmissions). */
export function listStaffNotifiedOfSubmissions(db: Db) {
  return db
    .selectFrom('users')
    .select(['email', 'full_name'])
    .where('role', 'in', ['admin', 'editor'])
    .where('is_active', '=', true)
    .where(sql<boolean>`coalesce((preferences->>'notifyNewSubmissions')::boolean, false)`)
    .execute();
}

/** Records a sign-in; answers the account. */
export function updateUserSignedIn(db: Db, id: string) {
  return db
    .updateTable('users')
    .set({ last_sign_in_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The users screen's sorts as keyset orders. */
const USER_ORDERS: Record<UserSort, KeysetOrder> = {
  newest: {
    keys: [
      { expr: sql.ref('users.created_at'), type: 'timestamptz' },
      { expr: sql.ref('users.id'), type: 'uuid' },
    ],
    direction: 'desc',
  },
  oldest: {
    keys: [
      { expr: sql.ref('users.created_at'), type: 'timestamptz' },
      { expr: sql.ref('users.id'), type: 'uuid' },
    ],
    direction: 'asc',
  },
  name: {
    keys: [
      { expr: sql`lower(coalesce(nullif(users.full_name, ''), users.email))`, type: 'text' },
      { expr: sql.ref('users.id'), type: 'uuid' },
    ],
    direction: 'asc',
  },
};

const uploadsOf = sql<string>`(select count(*) from media_items m where m.created_by = users.id)`;

function usersWithUploads(db: Db) {
  return db
    .selectFrom('users')
    .selectAll('users')
    .select(uploadsOf.as('total_uploads'))
    .select(
      sql<boolean>`exists (select 1 from accounts a where a.user_id = users.id and a.provider_id = 'credential')`.as(
        'has_password',
      ),
    );
}

export interface UserFilters {
  q?: string;
  role?: Role | 'staff';
}

/** A page of accounts with their upload counts, and how many match. */
export async function listUsers(
  db: Db,
  filters: UserFilters,
  sort: UserSort,
  cursor: string | undefined,
  limit: number,
) {
  let query = usersWithUploads(db);
  if (filters.q) {
    // Name, email or display id, case-insensitive (admin-back-office.md §5).
    const pattern = containsPattern(filters.q);
    query = query.where(
      sql<SqlBool>`(users.full_name ilike ${pattern} or users.email ilike ${pattern} or users.display_id ilike ${pattern} or users.display_id = ${normalizeDisplayIdQuery(filters.q)})`,
    );
  }
  if (filters.role === 'staff') query = query.where('users.role', 'in', ['admin', 'editor', 'viewer']);
  else if (filters.role) query = query.where('users.role', '=', filters.role);
  const [page, total] = await Promise.all([
    fetchPage(query, USER_ORDERS[sort], cursor, limit),
    countRows(query),
  ]);
  return { ...page, total };
}

export type UserWithUploads = Awaited<ReturnType<typeof listUsers>>['rows'][number];

export function getUserWithUploads(db: Db, id: string) {
  return usersWithUploads(db).where('users.id', '=', id).executeTakeFirst();
}

/** The users screen's header counts. */
export function getUserStats(db: Db) {
  return db
    .selectFrom('users')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where role in ('admin', 'editor', 'viewer'))`.as('staff'),
      sql<string>`count(*) filter (where role = 'public')`.as('contributors'),
      sql<string>`(select count(*) from media_items where created_by is not null)`.as('uploads'),
    ])
    .executeTakeFirstOrThrow();
}

export type UserStatsRow = Awaited<ReturnType<typeof getUserStats>>;

/** Edit User's fields; answers nothing (read the row back with getUserWithUploads). */
export async function updateUserProfile(
  db: Db,
  id: string,
  values: Partial<Pick<Updateable<UsersTable>, 'full_name' | 'bio' | 'role' | 'is_public_profile'>>,
) {
  await db
    .updateTable('users')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Removes the account; its sessions and sign-in methods go with it, its uploads stay (created_by null). */
export async function deleteUser(db: Db, id: string) {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** Sync Users: names stored as '' (accounts made without one) become null. Answers how many. */
export async function clearBlankNames(db: Db): Promise<number> {
  const rows = await db
    .updateTable('users')
    .set({ full_name: null, updated_at: new Date() })
    .where(sql<SqlBool>`trim(full_name) = ''`)
    .returning('id')
    .execute();
  return rows.length;
}

/** Accounts with no password to sign in with (a reset e-mail gives them one). */
export async function countUsersWithoutPassword(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(sql<string>`count(*)`.as('n'))
    .where(
      sql<SqlBool>`not exists (select 1 from accounts a where a.user_id = users.id and a.provider_id = 'credential')`,
    )
    .executeTakeFirstOrThrow();
  return toNumber(row.n);
}
