import type { z } from 'zod';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '#common/paths.ts';
import type { Me, meResponse } from '#common/api/account.ts';
import { ROUTE_GUARD_TIMEOUT_MS } from '#common/limits.ts';
import { type Actor, isStaff } from '#common/permissions.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

export const ME_QUERY_KEY = ['me'] as const;

/**
 * Gives up after the route guard's 10 s (public-site.md §4, §9): the app then treats the visitor
 * as a guest instead of spinning forever, and guarded pages send them to sign in.
 */
export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<Me | null> {
  const timeout = AbortSignal.timeout(ROUTE_GUARD_TIMEOUT_MS);
  const body = await apiFetch<z.infer<typeof meResponse>>('/api/me', {
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  return body.user;
}

/** GET /api/me: the signed-in account, or null for a guest. */
export const getMeQueryOptions = () => queryOptions({ queryKey: ME_QUERY_KEY, queryFn: getMe });

/** The signed-in account, or null for a guest. */
export function useMe() {
  return useQuery({
    ...getMeQueryOptions(),
    retry: (failures, error) => failures < 1 && error.name !== 'TimeoutError',
  });
}

/** Reads the account afresh (after sign-in or registration) and returns it. */
export function refreshMe(queryClient: QueryClient): Promise<Me | null> {
  return queryClient.fetchQuery({ ...getMeQueryOptions(), staleTime: 0 });
}

export function toActor(user: Me | null | undefined): Actor {
  return user ? { id: user.id, role: user.role, isActive: user.isActive } : null;
}

/** Where a signed-in account belongs: staff to the back-office, contributors to their dashboard. */
export function homeFor(user: Me): string {
  return isStaff(toActor(user)) ? paths.admin.dashboard : paths.contributorDashboard;
}
