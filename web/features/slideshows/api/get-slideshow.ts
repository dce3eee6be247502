import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { slideshowResponse } from '#common/api/slideshows.ts';
import { ApiRequestError, apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';
import { slideshowKeys } from './slideshow-keys.ts';

/** The item's answer, which the server embeds in its page (server/web/boot-data.ts). */
export const slideshowPath = (id: string) => `/api/slideshows/${encodeURIComponent(id)}`;

export type Slideshow = z.infer<typeof slideshowResponse>['slideshow'];
export type Slide = Slideshow['slides'][number];

/** A public slideshow with its slides in order (404 when missing or not public). */
export async function getSlideshow(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Slideshow> {
  return (await apiFetch<z.infer<typeof slideshowResponse>>(slideshowPath(id), { signal })).slideshow;
}

/** GET /api/slideshows/:id, for fetching, prefetching and invalidating it. */
export const getSlideshowQueryOptions = (id: string) =>
  queryOptions({ queryKey: slideshowKeys.public(id), queryFn: ({ signal }) => getSlideshow(id, { signal }) });

export function useSlideshow(id: string) {
  const takeBootData = useBootData();
  return useQuery({
    ...getSlideshowQueryOptions(id),
    // The server embeds the slideshow in its page (server/web/boot-data.ts).
    initialData: () => takeBootData<z.infer<typeof slideshowResponse>>(slideshowPath(id))?.slideshow,
    // A missing or private slideshow will not appear on a second try.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiRequestError && error.status < 500),
  });
}
