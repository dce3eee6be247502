import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { publicSettingsResponse } from '#common/api/settings.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';

const PATH = '/api/settings/public';

/** The general site settings, with the spec's defaults filled in by the server. */
export async function getPublicSettings(): Promise<Record<string, string>> {
  return (await apiFetch<z.infer<typeof publicSettingsResponse>>(PATH)).settings;
}

/** GET /api/settings/public, for fetching and for the settings screen to write its answer in. */
export const getPublicSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings', 'public'] as const, queryFn: getPublicSettings });

export function usePublicSettings() {
  const takeBootData = useBootData();
  return useQuery({
    ...getPublicSettingsQueryOptions(),
    initialData: () => takeBootData<z.infer<typeof publicSettingsResponse>>(PATH)?.settings,
  });
}
