import type { StaffSubmission } from '#common/api/submissions.ts';
import type { ListPage } from '#common/list.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { type ListParams, listQueryString } from '#web/lib/list-params.ts';
import { useListQuery } from '#web/lib/use-list-query.ts';
import { submissionKeys } from './submission-keys.ts';

/** Rows per page (spec §9: submissions 50). */
export const SUBMISSIONS_PAGE_SIZE = 50;

export type SubmissionFilter = 'status';
export type SubmissionParams = ListParams<SubmissionFilter>;

/** GET /api/admin/submissions?q=&status=&cursor=&limit= (newest first). */
export function listSubmissions(
  params: Pick<SubmissionParams, 'q' | 'filters'>,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ListPage<StaffSubmission>> {
  const query = listQueryString({ ...params, sort: null }, { cursor, limit: SUBMISSIONS_PAGE_SIZE });
  return apiFetch<ListPage<StaffSubmission>>(`/api/admin/submissions${query}`, { signal });
}

export function useSubmissionList(params: SubmissionParams) {
  return useListQuery({
    queryKey: submissionKeys.list(params),
    fetchPage: (cursor, signal) => listSubmissions(params, cursor, signal),
    cursor: params.cursor,
  });
}
