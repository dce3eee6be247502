import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GENERAL_SETTING_KEYS } from '#common/settings.ts';
import { getPublicSettingsQueryOptions } from '#web/features/gallery/index.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

export type SettingKey = (typeof GENERAL_SETTING_KEYS)[number];

/** PUT /api/admin/settings: one upsert per key; the public pages read the new values at once. */
export function useSaveSiteSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: Record<SettingKey, string>) =>
      apiFetch<{ settings: Record<string, string> }>('/api/admin/settings', {
        method: 'PUT',
        body: { settings },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(getPublicSettingsQueryOptions().queryKey, answer.settings);
    },
  });
}
