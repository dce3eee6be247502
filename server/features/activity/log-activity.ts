import { type ActivityAction, type ActivityResourceType, resourceTypeOf } from '#common/activity.ts';
import type { Actor } from '#common/permissions.ts';
import type { Db } from '#server/db/database.ts';
import { createActivity } from './activity.repository.ts';

/** What an action was done to: its id and the name it had then (kept if the row goes later). */
export interface ActivityResource {
  id?: string | null;
  name?: string | null;
  /** Only where the action's own prefix does not say it (e.g. 'users.synced'). */
  type?: ActivityResourceType;
  details?: Record<string, unknown>;
}

/**
 * Records one staff action. Call it with the transaction that makes the change, so the log never
 * shows a change that did not happen, nor misses one that did. `actor` null is 'System'.
 */
export async function logActivity(
  trx: Db,
  actor: Actor | { id: string },
  action: ActivityAction,
  resource: ActivityResource = {},
): Promise<void> {
  await createActivity(trx, {
    userId: actor?.id ?? null,
    action,
    resourceType: resource.type ?? resourceTypeOf(action),
    resourceId: resource.id ?? null,
    resourceName: resource.name ?? null,
    details: resource.details ?? null,
  });
}
