import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Timeline } from '#common/api/gallery.ts';
import { type GalleryFilters, timelinePath } from '#common/gallery-filters.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';

export type { Timeline };

/** The timeline's counts for the gallery's filters; the server draws the first (web/lib/boot-data.ts). */
export function useTimeline(filters: Omit<GalleryFilters, 'sort'>) {
  const takeBootData = useBootData();
  const path = timelinePath(filters);
  return useQuery({
    queryKey: ['gallery', 'timeline', path],
    queryFn: ({ signal }) => apiFetch<Timeline>(path, { signal }),
    placeholderData: keepPreviousData,
    initialData: () => takeBootData<Timeline>(path),
  });
}
