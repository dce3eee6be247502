import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { escapeLike } from '#server/db/paging.ts';

/**
 * Counts one request against `key` in a fixed window starting after `windowStart`, atomically in
 * one statement; answers the count in the window and when the window began.
 */
export async function updateRateLimitCount(db: Db, key: string, now: number, windowStart: number) {
  const { rows } = await sql<{ count: number; last_request: string }>`
    insert into rate_limits (key, count, last_request) values (${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request < ${windowStart} then 1 else rate_limits.count + 1 end,
      last_request = case when rate_limits.last_request < ${windowStart} then ${now} else rate_limits.last_request end
    returning count, last_request`.execute(db);
  const row = rows[0]!;
  return { count: Number(row.count), windowStartedAt: Number(row.last_request) };
}

/** Removes the rows of keys starting with `prefix` whose window began before `before`. */
export async function deleteRateLimitsBefore(db: Db, prefix: string, before: number) {
  await db
    .deleteFrom('rate_limits')
    .where('key', 'like', `${escapeLike(prefix)}%`)
    .where('last_request', '<', String(before))
    .execute();
}

/** The count of `key` in the window starting after `windowStart` (0 when none), without counting. */
export async function getRateLimitCount(
  db: Db,
  key: string,
  windowStart: number,
): Promise<{ count: number; windowStartedAt: number }> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'last_request'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row || Number(row.last_request) < windowStart) return { count: 0, windowStartedAt: 0 };
  return { count: Number(row.count), windowStartedAt: Number(row.last_request) };
}

export async function deleteRateLimit(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
