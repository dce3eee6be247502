import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import type { ContributorDashboard, contributorDashboardResponse } from '#common/api/contributor.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

export const CONTRIBUTOR_DASHBOARD_KEY = ['contributor', 'dashboard'] as const;

export async function getContributorDashboard({
  signal,
}: {
  signal?: AbortSignal;
} = {}): Promise<ContributorDashboard> {
  return apiFetch<z.infer<typeof contributorDashboardResponse>>('/api/contributor/dashboard', {
    signal,
  });
}

/** The signed-in contributor's statistics and own submissions (GET /api/contributor/dashboard). */
export function useContributorDashboard() {
  return useQuery({ queryKey: CONTRIBUTOR_DASHBOARD_KEY, queryFn: getContributorDashboard });
}
