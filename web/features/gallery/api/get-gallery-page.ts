import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GallerySort, galleryPageResponse } from '../../../../common/api.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { takeBootData } from '../../../lib/boot-data.ts';

export type GalleryPage = z.infer<typeof galleryPageResponse>;

export interface GalleryListFilters {
  q: string;
  category: string;
  sort: GallerySort;
}

/** One keyset page of public items; `cursor` is the previous page's `nextCursor`. */
function pathOf(filters: GalleryListFilters, cursor?: string) {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  params.set('sort', filters.sort);
  if (cursor) params.set('cursor', cursor);
  return `/api/gallery?${params}`;
}

export async function getGalleryPage(
  filters: GalleryListFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<GalleryPage> {
  return (await apiFetch(pathOf(filters, cursor), { signal })) as z.infer<typeof galleryPageResponse>;
}

/**
 * The gallery as pages that grow on demand, so every public item stays reachable. While new
 * filters load, the previous results stay on screen (no flash of skeletons on each keystroke).
 */
export function useGalleryPages(filters: GalleryListFilters) {
  return useInfiniteQuery({
    queryKey: ['gallery', 'list', filters],
    queryFn: ({ pageParam, signal }) => getGalleryPage(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    // The first page may already be in the page (web/lib/boot-data.ts).
    initialData: () => {
      const page = takeBootData<GalleryPage>(pathOf(filters));
      return page && { pages: [page], pageParams: [undefined] };
    },
  });
}
