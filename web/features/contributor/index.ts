/** What other features may use of the contributor's pages: the dashboard's query key (a new submission renews it). */
export { CONTRIBUTOR_DASHBOARD_KEY } from './api/get-dashboard.ts';
