import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { toNumber } from '../../db/database.ts';

export async function getPublicTotals(db: Db): Promise<{ totalItems: number; totalViews: number }> {
  const row = await db
    .selectFrom('media_items')
    .where('is_public', '=', true)
    .select([sql<string>`count(*)`.as('items'), sql<string>`coalesce(sum(view_count), 0)`.as('views')])
    .executeTakeFirstOrThrow();
  return { totalItems: toNumber(row.items), totalViews: toNumber(row.views) };
}
