import {
  type CreateSubmissionBody,
  createSubmissionResponse,
  type SubmissionSummary,
} from '#common/api/submissions.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** Turns one finished upload into a pending submission (POST /api/submissions). */
export async function createSubmission(
  body: CreateSubmissionBody,
  { signal }: { signal?: AbortSignal } = {},
): Promise<SubmissionSummary> {
  const data = await apiFetch('/api/submissions', { method: 'POST', body, signal });
  return createSubmissionResponse.parse(data).submission;
}
