/** What other features may use of the contributor's pages: the dashboard's query options (a new submission renews it). */
export { getContributorDashboardQueryOptions } from './api/get-dashboard.ts';
