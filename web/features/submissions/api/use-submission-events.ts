import { useLiveReload } from '#web/components/review-queue/use-review-queue.ts';
import { submissionKeys } from './submission-keys.ts';

/**
 * Live updates (GET /api/admin/submissions/events, server-sent events): any submission created,
 * reviewed or deleted anywhere reloads the list, the counts and the open submission, 500 ms after
 * the change (several changes, one reload), as the other review queues do.
 */
export function useSubmissionEvents() {
  useLiveReload('/api/admin/submissions/events', submissionKeys.all);
}
