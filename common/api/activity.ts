import { z } from 'zod';
import { ACTIVITY_ACTIONS, ACTIVITY_RESOURCE_TYPES, type ActivityEntry } from '../activity.ts';
import { listQuery, listResponse } from '../list.ts';

/** The activity log (admin-back-office.md). */

export const activityListQuery = listQuery(['newest'], {
  action: z.enum(ACTIVITY_ACTIONS).optional(),
  resourceType: z.enum(ACTIVITY_RESOURCE_TYPES).optional(),
  userId: z.uuid().optional(),
});
export const activityEntry = z.object({
  id: z.string(),
  action: z.string(),
  resourceType: z.enum(ACTIVITY_RESOURCE_TYPES).nullable(),
  resourceId: z.string().nullable(),
  resourceName: z.string().nullable(),
  actor: z.object({ id: z.uuid(), name: z.string().nullable(), email: z.string() }).nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<ActivityEntry>;
export const activityListResponse = listResponse(activityEntry);
