import { useQuery } from '@tanstack/react-query';
import type { SubmissionStats } from '#common/api/submissions.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { submissionKeys } from './submission-keys.ts';

/** GET /api/admin/submissions/stats: the header's counts. */
export function useSubmissionStats() {
  return useQuery({
    queryKey: submissionKeys.stats(),
    queryFn: ({ signal }) => apiFetch<SubmissionStats>('/api/admin/submissions/stats', { signal }),
  });
}
