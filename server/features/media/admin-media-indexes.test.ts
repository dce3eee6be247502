import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MEDIA_SORTS } from '#common/api/media.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { ADMIN_MEDIA_ORDERS, ADMIN_SEARCH_TEXT } from './media.repository.ts';

/**
 * Every order of the staff media list has an index that gives its first page without sorting the
 * table (at 100,000 items a sort of every row cost 200 ms a page). The test table is tiny, so the
 * planner is told not to scan it whole nor sort: the plan then shows whether an index can serve
 * the order at all.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the staff media list', () => {
  it.each(ADMIN_MEDIA_SORTS)(
    'reads its first page in %s order from an index, without a sort',
    async (sort) => {
      const order = ADMIN_MEDIA_ORDERS[sort];
      const direction = sql.raw(order.direction);
      const orderBy = sql.join(order.keys.map((key) => sql`${key.expr} ${direction}`));
      const plan = await t.db.transaction().execute(async (trx) => {
        // Scans of the whole table and sorts are priced out: a plan that still sorts has no index to use.
        for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'])
          await sql`select set_config(${setting}, 'off', true)`.execute(trx);
        const { rows } = await sql<{
          'QUERY PLAN': string;
        }>`explain select media_items.id from media_items order by ${orderBy} limit 51`.execute(trx);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan, plan).toMatch(/Index (Only )?Scan( Backward)? using media_all_\w+_idx/);
      expect(plan, plan).not.toMatch(/\bSort\b/);
    },
  );

  it('finds the items a search names through the trigram index of the three fields it searches', async () => {
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`select set_config('enable_seqscan', 'off', true)`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select media_items.id from media_items
        where ${ADMIN_SEARCH_TEXT} ilike ${'%bryggjan%'}`.execute(trx);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan, plan).toMatch(/Bitmap Index Scan on media_admin_search_trgm_idx/);
  });
});
