/**
 * What the rest of the server may use of the activity log besides its service (server/README.md,
 * "Between features"): every staff write logs through `logActivity`, and the dashboard shows the
 * newest entries.
 */
export { type ActivityResource, logActivity } from './log-activity.ts';
export { listRecentActivity } from './activity.repository.ts';
export { presentActivity } from './activity.presenter.ts';
