import type { z } from 'zod';
import type {
  AdminCategoryStats,
  adminCategoryListQuery,
  Category,
  createCategoryBody,
  UpdateCategoryBody,
} from '#common/api/categories.ts';
import { DEFAULT_CATEGORY_COLOR } from '#common/limits.ts';
import type { Actor } from '#common/permissions.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import { notFound } from '#server/errors.ts';
import { logActivity } from '../activity/activity.public.ts';
import {
  presentAdminCategory,
  presentCategory,
  presentCategoryStats,
  presentPublicCategory,
} from './categories.presenter.ts';
import * as repo from './categories.repository.ts';
import { sharedAnswer } from '#server/db/data-versions.ts';

/** The public categories for the gallery's filter. */
export async function listPublicCategories(ctx: AppContext, _actor: Actor, _input: Record<string, never>) {
  return sharedAnswer(ctx.db, 'public categories', async () => ({
    categories: (await repo.listPublicCategories(ctx.db)).map(presentPublicCategory),
  }));
}

/** Every category for staff, by name (admin-back-office.md §7: categories ordered by name). */
export async function listAllCategories(ctx: AppContext, actor: Actor, _input: Record<string, never>) {
  authorize(actor, 'category:manage');
  return { categories: (await repo.listAllCategories(ctx.db)).map(presentCategory) };
}

export async function createCategory(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof createCategoryBody>,
): Promise<Category> {
  authorize(actor, 'category:manage');
  const row = await ctx.db.transaction().execute(async (trx) => {
    const created = await repo.createCategory(trx, {
      name: body.name,
      description: body.description ?? null,
      color: body.color ?? DEFAULT_CATEGORY_COLOR,
      icon: body.icon ?? null,
      is_public: body.isPublic ?? true,
      created_by: actor.id,
    });
    await logActivity(trx, actor, 'category.created', { id: created.id, name: created.name });
    return created;
  });
  return presentCategory(row);
}

/** The categories screen's cards: every category with its counts, searched, sorted and paged. */
export async function listAdminCategories(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof adminCategoryListQuery>,
) {
  authorize(actor, 'category:manage');
  const page = await repo.listAdminCategories(ctx.db, query.q, query.sort, query.cursor, query.limit);
  return { items: page.rows.map(presentAdminCategory), total: page.total, nextCursor: page.nextCursor };
}

/** The header counts and stat cards, exact over the whole archive. */
export async function getCategoryStats(
  ctx: AppContext,
  actor: Actor,
  _input: Record<string, never>,
): Promise<AdminCategoryStats> {
  authorize(actor, 'category:manage');
  return presentCategoryStats(await repo.getCategoryStats(ctx.db));
}

const CATEGORY_COLUMNS = {
  name: 'name',
  description: 'description',
  color: 'color',
  icon: 'icon',
  isPublic: 'is_public',
} as const satisfies Record<keyof UpdateCategoryBody, string>;

/**
 * An edit from the dialog or the visibility toggle (admin-back-office.md §7: update by id with
 * name, description, color, icon, is_public, or is_public only); only the fields sent change.
 */
export async function updateCategory(
  ctx: AppContext,
  actor: Actor,
  { id, ...body }: UpdateCategoryBody & { id: string },
): Promise<Category> {
  authorize(actor, 'category:manage');
  const sent = (Object.keys(CATEGORY_COLUMNS) as (keyof UpdateCategoryBody)[]).filter(
    (field) => body[field] !== undefined,
  );
  const values = Object.fromEntries(sent.map((field) => [CATEGORY_COLUMNS[field], body[field]]));
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.getCategoryForUpdate(trx, id);
    if (!before) throw notFound('Category not found');
    const updated = await repo.updateCategory(trx, id, values);
    if (!updated) throw notFound('Category not found');
    const changed = sent.filter(
      (field) => before[CATEGORY_COLUMNS[field]] !== updated[CATEGORY_COLUMNS[field]],
    );
    await logActivity(trx, actor, 'category.updated', {
      id,
      name: updated.name,
      details: Object.fromEntries(changed.map((field) => [field, body[field]])),
    });
    return updated;
  });
  return presentCategory(row);
}

/**
 * Deletes a category; its items stay and lose it, in the same transaction (admin-back-office.md §5:
 * 'Deleting it will remove the category from all items'); the log entry says how many lost it.
 */
export async function deleteCategory(ctx: AppContext, actor: Actor, { id }: { id: string }): Promise<void> {
  authorize(actor, 'category:manage');
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.getCategoryForUpdate(trx, id);
    if (!row) throw notFound('Category not found');
    const uncategorizedItems = await repo.clearCategoryFromMedia(trx, id);
    await repo.deleteCategory(trx, id);
    await logActivity(trx, actor, 'category.deleted', {
      id,
      name: row.name,
      details: { uncategorizedItems },
    });
  });
}
