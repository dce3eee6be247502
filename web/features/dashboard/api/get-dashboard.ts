import { useQuery } from '@tanstack/react-query';
import type { DashboardData } from '#common/api/dashboard.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export const dashboardKeys = queryKeys('dashboard');

/** GET /api/admin/dashboard: the figures, category distribution and recent activity. */
export function getDashboard(signal?: AbortSignal): Promise<DashboardData> {
  return apiFetch<DashboardData>('/api/admin/dashboard', { signal });
}

export function useDashboard() {
  return useQuery({ queryKey: dashboardKeys.all, queryFn: ({ signal }) => getDashboard(signal) });
}
