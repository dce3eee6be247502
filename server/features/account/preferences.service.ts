import { preferences as preferencesSchema } from '#common/api/account.ts';
import type { Actor } from '#common/permissions.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import { mergeUserPreferences } from '../users/users.public.ts';

/** Merges the given preferences into the staff member's own (others stay as they were). */
export async function updateOwnPreferences(ctx: AppContext, actor: Actor, changes: Record<string, unknown>) {
  authorize(actor, 'profile:update-own');
  return preferencesSchema.parse(await mergeUserPreferences(ctx.db, actor.id, changes));
}
