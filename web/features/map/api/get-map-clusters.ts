import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MapClusters } from '#common/api/map.ts';
import type { GalleryFilters } from '#common/gallery-filters.ts';
import { type Bbox, bboxText } from '#common/map.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { mapKeys } from './map-keys.ts';

export type { MapClusters };

/** The API path of a view's clusters for the gallery's filters. */
export function mapClustersPath(filters: Omit<GalleryFilters, 'sort'>, bbox: Bbox, zoom: number): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.type) params.set('type', filters.type);
  if (filters.period) params.set('period', filters.period);
  if (filters.place) params.set('place', filters.place);
  params.set('bbox', bboxText(bbox));
  params.set('zoom', String(zoom));
  return `/api/map/clusters?${params}`;
}

/** The located items in view, clustered by the server; the previous view's stay drawn while the next comes. */
export function useMapClusters(
  filters: Omit<GalleryFilters, 'sort'>,
  view: { bbox: Bbox; zoom: number } | null,
) {
  const path = view ? mapClustersPath(filters, view.bbox, view.zoom) : null;
  return useQuery({
    queryKey: mapKeys.clusters(path),
    queryFn: ({ signal }) => apiFetch<MapClusters>(path!, { signal }),
    enabled: path !== null,
    placeholderData: keepPreviousData,
  });
}
