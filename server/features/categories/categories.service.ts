import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Category, createCategoryBody } from '../../../common/api.ts';
import { DEFAULT_CATEGORY_COLOR } from '../../../common/limits.ts';
import type { Actor } from '../../../common/permissions.ts';
import type { CategoriesTable } from '../../db/schema.ts';
import { authorize } from '../../http/authorize.ts';
import type { AppContext } from '../../http/context.ts';
import { createActivity } from '../activity/activity.repository.ts';
import { createCategoryRow } from './categories.repository.ts';

export function presentCategory(row: Selectable<CategoriesTable>): Category {
  return {
    id: row.id,
    displayId: row.display_id,
    name: row.name,
    description: row.description,
    color: row.color,
    icon: row.icon,
    isPublic: row.is_public,
  };
}

export async function createCategory(
  ctx: AppContext,
  actor: Actor,
  body: z.infer<typeof createCategoryBody>,
): Promise<Category> {
  authorize(actor, 'category:manage');
  const row = await ctx.db.transaction().execute(async (trx) => {
    const created = await createCategoryRow(trx, {
      name: body.name,
      description: body.description ?? null,
      color: body.color ?? DEFAULT_CATEGORY_COLOR,
      icon: body.icon ?? null,
      is_public: body.isPublic ?? true,
      created_by: actor.id,
    });
    await createActivity(trx, {
      userId: actor.id,
      action: 'category_created',
      resourceType: 'category',
      resourceId: created.id,
      resourceName: created.name,
    });
    return created;
  });
  return presentCategory(row);
}
