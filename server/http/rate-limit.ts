import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { AppError } from './errors.ts';

/**
 * Counts one request against `key` in a fixed window, in the database (so every instance shares
 * the count), atomically in one statement. Throws 429 past `max`.
 */
export async function consumeRateLimit(db: Db, key: string, rule: { windowSeconds: number; max: number }) {
  const now = Date.now();
  const windowStart = now - rule.windowSeconds * 1000;
  const { rows } = await sql<{ count: number; last_request: string }>`
    insert into rate_limits (key, count, last_request) values (${key}, 1, ${now})
    on conflict (key) do update set
      count = case when rate_limits.last_request < ${windowStart} then 1 else rate_limits.count + 1 end,
      last_request = case when rate_limits.last_request < ${windowStart} then ${now} else rate_limits.last_request end
    returning count, last_request`.execute(db);
  const row = rows[0]!;
  if (row.count > rule.max) {
    const retryAfter = Math.max(
      1,
      Math.ceil((Number(row.last_request) + rule.windowSeconds * 1000 - now) / 1000),
    );
    throw new AppError(
      429,
      'RATE_LIMITED',
      `Too many submissions from here; please try again in ${Math.ceil(retryAfter / 60)} minutes.`,
    );
  }
}
