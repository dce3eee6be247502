import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WatermarkSettingsBody, WatermarkSettingsResponse } from '#common/api/watermark.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export const watermarkKeys = queryKeys('watermark');

/** GET /api/admin/watermark: the settings in force (defaults for any not saved). */
export function useWatermarkSettings() {
  return useQuery({
    queryKey: watermarkKeys.all,
    queryFn: ({ signal }) => apiFetch<WatermarkSettingsResponse>('/api/admin/watermark', { signal }),
    select: (data) => data.settings,
  });
}

/** PUT /api/admin/watermark */
export function useSaveWatermark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WatermarkSettingsBody) =>
      apiFetch<WatermarkSettingsResponse>('/api/admin/watermark', { method: 'PUT', body }),
    onSuccess: (data) => queryClient.setQueryData(watermarkKeys.all, data),
  });
}

/** The server-rendered preview of (unsaved) values: GET /api/admin/watermark/preview?… */
export function previewUrl(values: WatermarkSettingsBody): string {
  const query = new URLSearchParams({
    type: values.type,
    position: values.position,
    opacity: String(values.opacity),
    size: values.size,
    level: values.level,
    text: values.text,
  });
  return `/api/admin/watermark/preview?${query.toString()}`;
}
