import type { z } from 'zod';
import type { activityListQuery } from '#common/api/activity.ts';
import type { Actor } from '#common/permissions.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import { presentActivity } from './activity.presenter.ts';
import { listActivity } from './activity.repository.ts';

/** The activity log, newest first (admins, editors and viewers: admin-back-office.md §6). */
export async function listActivityLog(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof activityListQuery>,
) {
  authorize(actor, 'activity:read');
  const { cursor, limit, ...filters } = query;
  const page = await listActivity(ctx.db, filters, cursor, limit);
  return { items: page.rows.map(presentActivity), total: page.total, nextCursor: page.nextCursor };
}
