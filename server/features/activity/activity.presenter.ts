import { ACTIVITY_RESOURCE_TYPES, type ActivityEntry } from '#common/activity.ts';
import type { ActivityRow } from './activity.repository.ts';

const isIn = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

export function presentActivity(row: ActivityRow): ActivityEntry {
  return {
    id: String(row.id),
    action: row.action,
    resourceType: isIn(ACTIVITY_RESOURCE_TYPES, row.resource_type) ? row.resource_type : null,
    resourceId: row.resource_id,
    resourceName: row.resource_name,
    actor: row.user_id ? { id: row.user_id, name: row.user_full_name || null, email: row.user_email! } : null,
    createdAt: row.created_at.toISOString(),
  };
}
