import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { galleryPageResponse } from '#common/api/gallery.ts';
import { type GalleryFilters, galleryPagePath } from '#common/gallery-filters.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';
import { galleryKeys } from './gallery-keys.ts';

export type GalleryPage = z.infer<typeof galleryPageResponse>;

export async function getGalleryPage(
  filters: GalleryFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<GalleryPage> {
  return apiFetch<z.infer<typeof galleryPageResponse>>(galleryPagePath(filters, cursor), { signal });
}

/** The gallery's pages for the filters, a cursor each, for fetching, prefetching and invalidating. */
export const getGalleryPagesQueryOptions = (filters: GalleryFilters) =>
  infiniteQueryOptions({
    queryKey: galleryKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getGalleryPage(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/**
 * The gallery as pages that grow on demand, so every public item stays reachable. While new
 * filters load, the previous results stay on screen (no flash of skeletons on each keystroke).
 */
export function useGalleryPages(filters: GalleryFilters) {
  const takeBootData = useBootData();
  return useInfiniteQuery({
    ...getGalleryPagesQueryOptions(filters),
    placeholderData: keepPreviousData,
    // The first page may already be in the page (web/lib/boot-data.ts).
    initialData: () => {
      const page = takeBootData<GalleryPage>(galleryPagePath(filters));
      return page && { pages: [page], pageParams: [undefined] };
    },
  });
}
