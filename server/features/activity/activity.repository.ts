import type { Db } from '../../db/database.ts';

export interface ActivityEntry {
  userId: string | null;
  action: string;
  resourceType?: string;
  resourceId?: string;
  resourceName?: string | null;
  details?: Record<string, unknown>;
}

export async function createActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await db
    .insertInto('activity_logs')
    .values({
      user_id: entry.userId,
      action: entry.action,
      resource_type: entry.resourceType ?? null,
      resource_id: entry.resourceId ?? null,
      resource_name: entry.resourceName ?? null,
      details: entry.details ?? null,
    })
    .execute();
}
