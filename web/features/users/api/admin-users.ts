import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '#common/api/account.ts';
import type { AdminUser, SyncUsersResult, UserSort, UserStats } from '#common/api/users.ts';
import type { ListPage } from '#common/list.ts';
import type { Role } from '#common/roles.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { type ListParams, listQueryString } from '#web/lib/list-params.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useListQuery } from '#web/lib/use-list-query.ts';

export const adminUsersKeys = queryKeys('users');
const statsKey = [...adminUsersKeys.all, 'stats'] as const;
const contributorsKey = [...adminUsersKeys.all, 'contributors'] as const;

export const USERS_PAGE_SIZE = 50;
export type UserFilter = 'role';
export type UserParams = ListParams<UserFilter, UserSort>;

function id(value: string) {
  return encodeURIComponent(value);
}

/** GET /api/admin/users?q=&role=&sort=&cursor=&limit=: the staff table (contributors have their cards). */
export function useAdminUsersList(params: UserParams) {
  const role = params.filters.role || 'staff';
  const key = { q: params.q, role, sort: params.sort, cursor: params.cursor };
  return useListQuery({
    queryKey: adminUsersKeys.list(key),
    fetchPage: (cursor, signal) =>
      apiFetch<ListPage<AdminUser>>(
        `/api/admin/users${listQueryString(
          { q: params.q, filters: { role }, sort: params.sort },
          { cursor, limit: USERS_PAGE_SIZE },
        )}`,
        { signal },
      ),
    cursor: params.cursor,
  });
}

/** Public contributors for the card grid, with the same search. */
export function useContributors(q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...contributorsKey, q],
    enabled,
    queryFn: ({ signal }) =>
      apiFetch<ListPage<AdminUser>>(
        `/api/admin/users${listQueryString({ q, filters: { role: 'public' }, sort: 'newest' }, { cursor: null, limit: 100 })}`,
        { signal },
      ),
  });
}

export function useUserStats() {
  return useQuery({
    queryKey: statsKey,
    queryFn: ({ signal }) => apiFetch<UserStats>('/api/admin/users/stats', { signal }),
  });
}

function useRefreshUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminUsersKeys.all });
}

export interface NewUser {
  email: string;
  password: string;
  role: Role;
  fullName?: string | null;
}

export function useCreateUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (body: NewUser) => apiFetch<{ user: Me }>('/api/admin/users', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export interface UserChanges {
  fullName?: string | null;
  bio?: string | null;
  role?: Role;
  isPublicProfile?: boolean;
}

export function useUpdateUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: UserChanges }) =>
      apiFetch<{ user: AdminUser }>(`/api/admin/users/${id(userId)}`, { method: 'PATCH', body }),
    onSuccess: refresh,
  });
}

export function useSetUserActive() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ userId, isActive }: { userId: string; isActive: boolean }) =>
      apiFetch<{ id: string; isActive: boolean }>(`/api/admin/users/${id(userId)}/active`, {
        method: 'PATCH',
        body: { isActive },
      }),
    onSettled: refresh,
  });
}

export function useDeleteUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (userId: string) => apiFetch<null>(`/api/admin/users/${id(userId)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useSendPasswordReset() {
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch<{ sent: true; email: string }>(`/api/admin/users/${id(userId)}/password-reset`, {
        method: 'POST',
      }),
  });
}

export function useSyncUsers() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: () => apiFetch<SyncUsersResult>('/api/admin/users/sync', { method: 'POST' }),
    onSuccess: refresh,
  });
}
