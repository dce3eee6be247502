import { useQuery } from '@tanstack/react-query';
import type { FaceSuggestionsResponse } from '#common/api/faces.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { faceKeys } from './face-keys.ts';

/** GET /api/admin/faces/media/:id: the item's suggested face boxes and their look-alikes (editors). */
export function useFaceSuggestions(mediaId: string) {
  return useQuery({
    queryKey: faceKeys.suggestions(mediaId),
    queryFn: ({ signal }) =>
      apiFetch<FaceSuggestionsResponse>(`/api/admin/faces/media/${encodeURIComponent(mediaId)}`, { signal }),
  });
}
