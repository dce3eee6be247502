import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

/** 'Recent' means the last 7 days (admin-back-office.md §9). */
const RECENT = sql<Date>`now() - interval '7 days'`;

/**
 * Every figure of the dashboard in one row: the media counts with FILTER clauses over one scan of
 * media_items, the other tables' counts as scalar subqueries. Counts come back as text (bigint).
 */
export async function getDashboardCounts(db: Db) {
  return db
    .selectFrom('media_items')
    .select((eb) => [
      eb.fn.countAll<string>().as('total_media'),
      eb.fn.countAll<string>().filterWhere('is_public', '=', true).as('public_media'),
      eb.fn.countAll<string>().filterWhere('is_featured', '=', true).as('featured_media'),
      eb.fn.countAll<string>().filterWhere('category_id', 'is not', null).as('categorized_media'),
      eb.fn.countAll<string>().filterWhere('created_at', '>=', RECENT).as('recent_uploads'),
      sql<string>`coalesce(sum(media_items.view_count), 0)::text`.as('total_views'),
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

/** The `limit` categories with the most items (ties by name), only those with items. */
export function listTopCategories(db: Db, limit: number) {
  return db
    .selectFrom('categories')
    .innerJoin('media_items', 'media_items.category_id', 'categories.id')
    .select((eb) => [
      'categories.id',
      'categories.name',
      'categories.color',
      'categories.icon',
      eb.fn.count<string>('media_items.id').as('item_count'),
    ])
    .groupBy(['categories.id', 'categories.name', 'categories.color', 'categories.icon'])
    .orderBy('item_count', 'desc')
    .orderBy('categories.name')
    .orderBy('categories.id')
    .limit(limit)
    .execute();
}

export type TopCategoryRow = Awaited<ReturnType<typeof listTopCategories>>[number];
