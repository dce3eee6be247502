import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Place, placesResponse } from '#common/api/places.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';

const PATH = '/api/places';
export const placesKey = ['places'] as const;

/** GET /api/places: every place, by Faroese name (the staff picker searches it in the browser). */
export async function getPlaces(signal?: AbortSignal): Promise<Place[]> {
  return (await apiFetch<z.infer<typeof placesResponse>>(PATH, { signal })).places;
}

export function usePlaces({ enabled = true }: { enabled?: boolean } = {}) {
  const takeBootData = useBootData();
  return useQuery({
    queryKey: placesKey,
    queryFn: ({ signal }) => getPlaces(signal),
    enabled,
    // The list changes seldom: an hour, then in the background.
    staleTime: 60 * 60 * 1000,
    initialData: () => takeBootData<z.infer<typeof placesResponse>>(PATH)?.places,
  });
}
