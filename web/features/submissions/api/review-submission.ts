import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkReviewResponse, SubmissionSummary } from '#common/api/submissions.ts';
import type { NearDuplicateChoice } from '#common/near-duplicates.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { submissionKeys } from './submission-keys.ts';

export type ReviewStatus = 'approved' | 'rejected';

/** The list, the counts and the open submission change together after any review or delete. */
function useRefreshSubmissions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: submissionKeys.all });
}

/** PATCH /api/admin/submissions/:id { status, reviewNotes, rights (on approval) }. */
export function useReviewSubmission() {
  const refresh = useRefreshSubmissions();
  return useMutation({
    mutationFn: ({
      id,
      status,
      reviewNotes,
      rights,
    }: {
      id: string;
      status: ReviewStatus;
      reviewNotes?: string;
      rights?: string;
    }) =>
      apiFetch<{ submission: SubmissionSummary }>(`/api/admin/submissions/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: {
          status,
          reviewNotes: reviewNotes?.trim() || null,
          ...(status === 'approved' && rights ? { rights } : {}),
        },
      }).then((data) => data.submission),
    onSettled: refresh,
  });
}

/** POST /api/admin/submissions/review { ids, status }: one result per id. */
export function useBulkReview() {
  const refresh = useRefreshSubmissions();
  return useMutation({
    mutationFn: ({ ids, status }: { ids: string[]; status: ReviewStatus }) =>
      apiFetch<BulkReviewResponse>('/api/admin/submissions/review', {
        method: 'POST',
        body: { ids, status },
      }).then((data) => data.results),
    onSettled: refresh,
  });
}

/** DELETE /api/admin/submissions/:id: the row, its file and derivatives. */
export function useDeleteSubmission() {
  const refresh = useRefreshSubmissions();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<null>(`/api/admin/submissions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}

/**
 * POST /api/admin/submissions/:id/near-duplicate { mediaId, choice }: approves a submission that
 * looks like an item, keeping both, replacing the item's file, or as another version of it.
 */
export function useResolveNearDuplicate() {
  const refresh = useRefreshSubmissions();
  return useMutation({
    mutationFn: ({
      id,
      mediaId,
      choice,
      reviewNotes,
      rights,
    }: {
      id: string;
      mediaId: string;
      choice: NearDuplicateChoice;
      reviewNotes?: string;
      rights?: string;
    }) =>
      apiFetch<{ submission: SubmissionSummary }>(
        `/api/admin/submissions/${encodeURIComponent(id)}/near-duplicate`,
        {
          method: 'POST',
          body: { mediaId, choice, reviewNotes: reviewNotes?.trim() || null, ...(rights ? { rights } : {}) },
        },
      ).then((data) => data.submission),
    onSettled: refresh,
  });
}
