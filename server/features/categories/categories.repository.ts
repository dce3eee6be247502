import { normalizeDisplayIdQuery } from '#common/display-id.ts';
import { type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { AdminCategorySort } from '#common/api/categories.ts';
import type { Db } from '#server/db/database.ts';
import { countRows, containsPattern, fetchPage, type KeysetOrder } from '#server/db/paging.ts';
import type { CategoriesTable } from '#server/db/schema.ts';

export function getCategory(db: Db, id: string) {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export function createCategory(db: Db, values: Insertable<CategoriesTable>) {
  return db.insertInto('categories').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The public categories, by name, for the gallery's filter. */
export function listPublicCategories(db: Db) {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'color', 'icon', 'description'])
    .where('is_public', '=', true)
    .orderBy(sql`lower(name)`)
    .execute();
}

/** Every category, public or not, by name (the back-office's filters and forms). */
export function listAllCategories(db: Db) {
  return db.selectFrom('categories').selectAll().orderBy(sql`lower(name)`).orderBy('id').execute();
}

/** The categories screen's sorts as keyset orders (the counts come from the lateral `stats`). */
export const ADMIN_CATEGORY_ORDERS: Record<AdminCategorySort, KeysetOrder> = {
  name: {
    keys: [
      { expr: sql`lower(categories.name)`, type: 'text' },
      { expr: sql.ref('categories.id'), type: 'uuid' },
    ],
    direction: 'asc',
  },
  items: {
    keys: [
      { expr: sql.ref('stats.media_count'), type: 'bigint' },
      { expr: sql.ref('categories.id'), type: 'uuid' },
    ],
    direction: 'desc',
  },
  views: {
    keys: [
      { expr: sql.ref('stats.view_count'), type: 'bigint' },
      { expr: sql.ref('categories.id'), type: 'uuid' },
    ],
    direction: 'desc',
  },
  newest: {
    keys: [
      { expr: sql.ref('categories.created_at'), type: 'timestamptz' },
      { expr: sql.ref('categories.id'), type: 'uuid' },
    ],
    direction: 'desc',
  },
};

/**
 * A page of every category with its item count, view count and items added in the last 7 days,
 * counted by the database (one lateral aggregate per category over media_category_idx), and how
 * many categories match. `q` matches name or description, case-insensitive.
 */
export async function listAdminCategories(
  db: Db,
  q: string | undefined,
  sort: AdminCategorySort,
  cursor: string | undefined,
  limit: number,
) {
  let query = db
    .selectFrom('categories')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('media_items')
          .select([
            sql<string>`count(*)`.as('media_count'),
            sql<string>`coalesce(sum(media_items.view_count), 0)`.as('view_count'),
            sql<string>`count(*) filter (where media_items.created_at > now() - interval '7 days')`.as(
              'recent_uploads',
            ),
          ])
          .whereRef('media_items.category_id', '=', 'categories.id')
          .as('stats'),
      (join) => join.onTrue(),
    )
    .selectAll('categories')
    .select(['stats.media_count', 'stats.view_count', 'stats.recent_uploads']);
  if (q) {
    const pattern = containsPattern(q);
    query = query.where(
      sql<SqlBool>`(categories.name ilike ${pattern} or categories.description ilike ${pattern} or categories.display_id = ${normalizeDisplayIdQuery(q)})`,
    );
  }
  const [page, total] = await Promise.all([
    fetchPage(query, ADMIN_CATEGORY_ORDERS[sort], cursor, limit),
    countRows(query),
  ]);
  return { ...page, total };
}

export type AdminCategoryRow = Awaited<ReturnType<typeof listAdminCategories>>['rows'][number];

/**
 * The header counts and stat cards of the categories screen: one statement, one pass over the
 * items (a category is active when some item has it; the foreign key clears deleted ones).
 */
export function getCategoryStats(db: Db) {
  return db
    .selectFrom('media_items')
    .select([
      sql<string>`(select count(*) from categories)`.as('total'),
      sql<string>`(select count(*) from categories where is_public)`.as('public'),
      sql<string>`count(distinct media_items.category_id)`.as('active'),
      sql<string>`count(*)`.as('total_media'),
      sql<string>`count(media_items.category_id)`.as('items_tagged'),
      sql<string>`coalesce(sum(media_items.view_count) filter (where media_items.category_id is not null), 0)`.as(
        'views',
      ),
      sql<string>`count(*) filter (where media_items.category_id is not null and media_items.created_at > now() - interval '7 days')`.as(
        'recent_uploads',
      ),
    ])
    .executeTakeFirstOrThrow();
}

export type CategoryStatsRow = Awaited<ReturnType<typeof getCategoryStats>>;

/** The category, locked until the transaction ends (an edit or delete waits for another). */
export function getCategoryForUpdate(db: Db, id: string) {
  return db.selectFrom('categories').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateCategory(db: Db, id: string, values: Updateable<CategoriesTable>) {
  return db
    .updateTable('categories')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Takes the category away from every item that has it; answers how many items changed. */
export async function clearCategoryFromMedia(db: Db, id: string): Promise<number> {
  const rows = await db
    .updateTable('media_items')
    .set({ category_id: null, updated_at: new Date() })
    .where('category_id', '=', id)
    .returning('id')
    .execute();
  return rows.length;
}

export function deleteCategory(db: Db, id: string) {
  return db.deleteFrom('categories').where('id', '=', id).returning(['id', 'name']).executeTakeFirst();
}
