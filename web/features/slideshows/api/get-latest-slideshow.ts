import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { latestSlideshowResponse } from '#common/api/slideshows.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';

export type LatestSlideshow = NonNullable<z.infer<typeof latestSlideshowResponse>['slideshow']>;

const PATH = '/api/slideshows/latest';

/** The newest public slideshow (id and title), or null when there is none. */
export async function getLatestSlideshow(): Promise<LatestSlideshow | null> {
  return (await apiFetch<z.infer<typeof latestSlideshowResponse>>(PATH)).slideshow;
}

export function useLatestSlideshow({ enabled = true }: { enabled?: boolean } = {}) {
  const takeBootData = useBootData();
  return useQuery({
    queryKey: ['slideshows', 'latest'],
    queryFn: getLatestSlideshow,
    enabled,
    initialData: () => takeBootData<z.infer<typeof latestSlideshowResponse>>(PATH)?.slideshow,
  });
}
