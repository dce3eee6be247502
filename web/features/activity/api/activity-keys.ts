import { queryKeys } from '#web/lib/query-keys.ts';

/** Query keys of the activity log: `activityKeys.list(params)` and the rest of queryKeys(). */
export const activityKeys = queryKeys('activity');
