import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Timeline } from '#common/api/gallery.ts';
import { type GalleryFilters, timelinePath } from '#common/gallery-filters.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';
import { galleryKeys } from './gallery-keys.ts';

export type { Timeline };

/** GET the timeline's counts for the gallery's filters. */
export const getTimelineQueryOptions = (filters: Omit<GalleryFilters, 'sort'>) => {
  const path = timelinePath(filters);
  return queryOptions({
    queryKey: galleryKeys.timeline(path),
    queryFn: ({ signal }) => apiFetch<Timeline>(path, { signal }),
  });
};

/** The timeline's counts for the gallery's filters; the server draws the first (web/lib/boot-data.ts). */
export function useTimeline(filters: Omit<GalleryFilters, 'sort'>) {
  const takeBootData = useBootData();
  const path = timelinePath(filters);
  return useQuery({
    ...getTimelineQueryOptions(filters),
    placeholderData: keepPreviousData,
    initialData: () => takeBootData<Timeline>(path),
  });
}
