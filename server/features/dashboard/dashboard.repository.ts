import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

/** 'Recent' means the last 7 days (admin-back-office.md §9). */
const RECENT_START = sql<Date>`(now() - interval '7 days')`;
/** The first UTC midnight after the window's start: every day of media_upload_days from here on is inside. */
const FIRST_WHOLE_DAY = sql<Date>`((${RECENT_START} at time zone 'UTC')::date + 1)`;

/**
 * Every figure of the dashboard in one statement, none of them a scan of media_items: the media
 * figures from the rows the database keeps (public_totals, media_totals, media_upload_days:
 * migrations 0006 and 0008), the other tables' counts as scalar subqueries. 'Uploads this week' is
 * the whole days' buckets plus the part-day at the window's start, counted over
 * media_all_created_idx (at most one day of rows). Counts come back as text (bigint).
 */
export async function getDashboardCounts(db: Db) {
  return db
    .selectFrom('media_totals')
    .crossJoin('public_totals')
    .select((eb) => [
      sql<string>`media_totals.items::text`.as('total_media'),
      sql<string>`public_totals.items::text`.as('public_media'),
      sql<string>`media_totals.featured::text`.as('featured_media'),
      sql<string>`media_totals.categorized::text`.as('categorized_media'),
      sql<string>`(
        (select count(*) from media_items
          where created_at >= ${RECENT_START}
            and created_at < (${FIRST_WHOLE_DAY})::timestamp at time zone 'UTC')
        + (select coalesce(sum(items), 0) from media_upload_days where day >= ${FIRST_WHOLE_DAY})
      )::text`.as('recent_uploads'),
      sql<string>`media_totals.views::text`.as('total_views'),
      eb.selectFrom('folders').select(eb.fn.countAll<string>().as('n')).as('total_folders'),
      eb.selectFrom('categories').select(eb.fn.countAll<string>().as('n')).as('total_categories'),
      eb
        .selectFrom('submissions')
        .select(eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'pending')
        .as('pending_submissions'),
      eb.selectFrom('slideshows').select(eb.fn.countAll<string>().as('n')).as('total_slideshows'),
      eb.selectFrom('documents').select(eb.fn.countAll<string>().as('n')).as('total_documents'),
      eb.selectFrom('users').select(eb.fn.countAll<string>().as('n')).as('total_users'),
    ])
    .executeTakeFirstOrThrow();
}

export type DashboardCountsRow = Awaited<ReturnType<typeof getDashboardCounts>>;

/** The `limit` categories with the most items (ties by name), only those with items: kept counts. */
export function listTopCategories(db: Db, limit: number) {
  return db
    .selectFrom('categories')
    .innerJoin('media_category_totals', 'media_category_totals.category_id', 'categories.id')
    .select([
      'categories.id',
      'categories.name',
      'categories.color',
      'categories.icon',
      'media_category_totals.items as item_count',
    ])
    .where('media_category_totals.items', '>', '0')
    .orderBy('media_category_totals.items', 'desc')
    .orderBy('categories.name')
    .orderBy('categories.id')
    .limit(limit)
    .execute();
}

export type TopCategoryRow = Awaited<ReturnType<typeof listTopCategories>>[number];
