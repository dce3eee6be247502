/**
 * What the rest of the server may use of the submissions besides their services (server/README.md,
 * "Between features"): the contributor's dashboard, the files they are served from, the upload
 * rules a submission's bytes follow, and the notice jobs. What a visitor tells about an item
 * (features/knowledge) is taken under the same protections (the sender's allowance) and streamed to
 * its review screen the same way.
 */
export { getContributorTotals, getSubmission, listOwnSubmissions } from './submissions.repository.ts';
export { presentSubmission } from './submissions.presenter.ts';
export { assertPendingRoom, rateLimitKey, SUBMISSION_RATE } from './submission-rules.ts';
export {
  NOTIFY_STAFF_JOB,
  NOTIFY_SUBMITTER_JOB,
  sendStaffNotice,
  sendSubmitterNotice,
} from './submission-notices.ts';
export { streamEvents } from './submission-events.ts';
