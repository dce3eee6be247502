import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { latestSlideshowResponse } from '#common/api/slideshows.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';
import { slideshowKeys } from './slideshow-keys.ts';

export type LatestSlideshow = NonNullable<z.infer<typeof latestSlideshowResponse>['slideshow']>;

const PATH = '/api/slideshows/latest';

/** The newest public slideshow (id and title), or null when there is none. */
export async function getLatestSlideshow(): Promise<LatestSlideshow | null> {
  return (await apiFetch<z.infer<typeof latestSlideshowResponse>>(PATH)).slideshow;
}

/** GET /api/slideshows/latest, for fetching and invalidating it. */
export const getLatestSlideshowQueryOptions = () =>
  queryOptions({ queryKey: slideshowKeys.latest(), queryFn: getLatestSlideshow });

export function useLatestSlideshow({ enabled = true }: { enabled?: boolean } = {}) {
  const takeBootData = useBootData();
  return useQuery({
    ...getLatestSlideshowQueryOptions(),
    enabled,
    initialData: () => takeBootData<z.infer<typeof latestSlideshowResponse>>(PATH)?.slideshow,
  });
}
