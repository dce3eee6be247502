import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContributorDashboard, contributorDashboardResponse } from '#common/api/contributor.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

export async function getContributorDashboard({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<ContributorDashboard> {
  return apiFetch<z.infer<typeof contributorDashboardResponse>>('/api/contributor/dashboard', {
    signal,
  });
}

/** GET /api/contributor/dashboard, for fetching and invalidating (a new submission renews it). */
export const getContributorDashboardQueryOptions = () =>
  queryOptions({ queryKey: ['contributor', 'dashboard'] as const, queryFn: getContributorDashboard });

/** The signed-in contributor's statistics and own submissions. */
export function useContributorDashboard() {
  return useQuery(getContributorDashboardQueryOptions());
}
