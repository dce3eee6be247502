/** What other features may use of the dashboard: its query keys (a change to categories renews it). */
export { dashboardKeys } from './api/get-dashboard.ts';
