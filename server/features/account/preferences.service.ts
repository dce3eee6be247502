import { preferences as preferencesSchema } from '../../../common/api.ts';
import type { Actor } from '../../../common/permissions.ts';
import { authorize } from '../../http/authorize.ts';
import type { AppContext } from '../../http/context.ts';

/** Merges the given preferences into the staff member's own (others stay as they were). */
export async function updateOwnPreferences(ctx: AppContext, actor: Actor, changes: Record<string, unknown>) {
  authorize(actor, 'profile:update-own');
  const row = await ctx.db
    .selectFrom('users')
    .select('preferences')
    .where('id', '=', actor.id)
    .executeTakeFirstOrThrow();
  const merged = { ...row.preferences, ...changes };
  await ctx.db
    .updateTable('users')
    .set({ preferences: merged, updated_at: new Date() })
    .where('id', '=', actor.id)
    .execute();
  return preferencesSchema.parse(merged);
}
