import { useQuery } from '@tanstack/react-query';
import type { MapItems } from '#common/api/map.ts';
import type { GalleryFilters } from '#common/gallery-filters.ts';
import { mapItemsPath } from '#common/map.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';
import { mapKeys } from './map-keys.ts';

/**
 * GET /api/map/items: the first located items the filters select, by title. Only the server's page
 * draws them (for a browser without script, inside <noscript>), from the answer it embedded.
 */
export function useMapItems(filters: Omit<GalleryFilters, 'sort'>) {
  const takeBootData = useBootData();
  const path = mapItemsPath(filters);
  return useQuery({
    queryKey: mapKeys.items(path),
    queryFn: ({ signal }) => apiFetch<MapItems>(path, { signal }),
    initialData: () => takeBootData<MapItems>(path),
  });
}
