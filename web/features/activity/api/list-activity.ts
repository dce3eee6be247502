import type { ActivityEntry } from '#common/activity.ts';
import type { ListPage } from '#common/list.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { type ListParams, listQueryString } from '#web/lib/list-params.ts';
import { useListQuery } from '#web/lib/use-list-query.ts';
import { activityKeys } from './activity-keys.ts';

/** Rows per page of the log. */
export const ACTIVITY_PAGE_SIZE = 25;

export type ActivityFilter = 'action' | 'resourceType';
export type ActivityParams = ListParams<ActivityFilter>;

/** GET /api/admin/activity?q=&action=&resourceType=&cursor=&limit= (newest first). */
export function listActivity(
  params: Pick<ActivityParams, 'q' | 'filters'>,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ListPage<ActivityEntry>> {
  const query = listQueryString({ ...params, sort: null }, { cursor, limit: ACTIVITY_PAGE_SIZE });
  return apiFetch<ListPage<ActivityEntry>>(`/api/admin/activity${query}`, { signal });
}

/** The log for the filters in `params`, from its cursor on, page by page ('Load more'). */
export function useActivityList(params: ActivityParams) {
  return useListQuery({
    queryKey: activityKeys.list(params),
    fetchPage: (cursor, signal) => listActivity(params, cursor, signal),
    cursor: params.cursor,
  });
}
