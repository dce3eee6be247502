import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FaceSettingsResponse } from '#common/api/faces.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { faceKeys } from './face-keys.ts';

const key = faceKeys.settings();

/** GET /api/admin/faces: the switch and how far the job has got (admins). */
export function useFaceSettings() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiFetch<FaceSettingsResponse>('/api/admin/faces', { signal }),
  });
}

/** PUT /api/admin/faces: on (the backfill starts) or off (what the job stored is deleted). */
export function useSaveFaceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiFetch<FaceSettingsResponse>('/api/admin/faces', { method: 'PUT', body: { enabled } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      void queryClient.invalidateQueries({ queryKey: faceKeys.media() });
    },
  });
}
