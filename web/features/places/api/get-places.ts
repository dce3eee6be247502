import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Place, placesResponse } from '#common/api/places.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';

const PATH = '/api/places';

/** GET /api/places: every place, by Faroese name (the staff picker searches it in the browser). */
export async function getPlaces(signal?: AbortSignal): Promise<Place[]> {
  return (await apiFetch<z.infer<typeof placesResponse>>(PATH, { signal })).places;
}

/** GET /api/places, for fetching, prefetching and invalidating (staff changes renew it). */
export const getPlacesQueryOptions = () =>
  queryOptions({
    queryKey: ['places'] as const,
    queryFn: ({ signal }) => getPlaces(signal),
    // The list changes seldom: an hour, then in the background.
    staleTime: 60 * 60 * 1000,
  });

/** The list, taken from the page's embedded answers when the server drew it. */
export function usePlaces({ enabled = true }: { enabled?: boolean } = {}) {
  const takeBootData = useBootData();
  return useQuery({
    ...getPlacesQueryOptions(),
    enabled,
    initialData: () => takeBootData<z.infer<typeof placesResponse>>(PATH)?.places,
  });
}
