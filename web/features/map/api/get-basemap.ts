import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Basemap } from '#common/api/map.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { mapKeys } from './map-keys.ts';

export type { Basemap };

/** The basemap the archive serves (the region's coastline; a tile server if the installation has one). */
export const getBasemapQueryOptions = () =>
  queryOptions({
    queryKey: mapKeys.basemap(),
    queryFn: ({ signal }) => apiFetch<Basemap>('/api/map/basemap', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useBasemap() {
  return useQuery(getBasemapQueryOptions());
}
