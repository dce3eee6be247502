import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile } from '#common/api/profile.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { ME_QUERY_KEY } from '#web/features/auth/index.ts';

const profileKey = ['profile', 'own'] as const;

/** GET /api/admin/profile: the signed-in staff member's own account. */
export function useOwnProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: ({ signal }) => apiFetch<{ profile: OwnProfile }>('/api/admin/profile', { signal }),
    select: (data) => data.profile,
  });
}

/** PATCH /api/admin/profile: the name (trimmed, empty becomes none). */
export function useUpdateOwnProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { fullName?: string | null }) =>
      apiFetch<{ profile: OwnProfile }>('/api/admin/profile', { method: 'PATCH', body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(profileKey, answer);
      return queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

/** PATCH /api/me/preferences: the e-mail about new submissions, on or off. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { notifyNewSubmissions: boolean }) =>
      apiFetch<{ preferences: OwnProfile['preferences'] }>('/api/me/preferences', { method: 'PATCH', body }),
    onSuccess: (answer) =>
      queryClient.setQueryData<{ profile: OwnProfile }>(profileKey, (data) =>
        data ? { profile: { ...data.profile, preferences: answer.preferences } } : data,
      ),
  });
}
