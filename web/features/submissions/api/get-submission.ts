import { useQuery } from '@tanstack/react-query';
import type { StaffSubmissionDetail } from '#common/api/submissions.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { submissionKeys } from './submission-keys.ts';

/** GET /api/admin/submissions/:id: one submission with its file addresses (the details modal). */
export function useSubmissionDetail(id: string | null) {
  return useQuery({
    queryKey: submissionKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<{ submission: StaffSubmissionDetail }>(`/api/admin/submissions/${encodeURIComponent(id!)}`, {
        signal,
      }).then((data) => data.submission),
    enabled: id !== null,
  });
}
