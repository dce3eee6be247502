import { useQuery } from '@tanstack/react-query';
import type { FaceSuggestionsResponse } from '#common/api/faces.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** GET /api/admin/faces/media/:id: the item's suggested face boxes and their look-alikes (editors). */
export function useFaceSuggestions(mediaId: string) {
  return useQuery({
    queryKey: ['admin', 'faces', 'media', mediaId] as const,
    queryFn: ({ signal }) =>
      apiFetch<FaceSuggestionsResponse>(`/api/admin/faces/media/${encodeURIComponent(mediaId)}`, { signal }),
  });
}
