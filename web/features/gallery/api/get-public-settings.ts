import { useQuery } from '@tanstack/react-query';
import { publicSettingsResponse } from '../../../../common/api.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

/** The general site settings, with the spec's defaults filled in by the server. */
export async function getPublicSettings(): Promise<Record<string, string>> {
  return publicSettingsResponse.parse(await apiFetch('/api/settings/public')).settings;
}

export function usePublicSettings() {
  return useQuery({ queryKey: ['settings', 'public'], queryFn: getPublicSettings });
}
