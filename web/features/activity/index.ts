/** What other features may use of the activity log: how an entry is worded. */
export { actionLabel, actorLabel } from './lib/activity-labels.ts';
