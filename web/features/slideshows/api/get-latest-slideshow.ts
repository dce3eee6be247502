import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { latestSlideshowResponse } from '../../../../common/api.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

export type LatestSlideshow = NonNullable<z.infer<typeof latestSlideshowResponse>['slideshow']>;

/** The newest public slideshow (id and title), or null when there is none. */
export async function getLatestSlideshow(): Promise<LatestSlideshow | null> {
  return ((await apiFetch('/api/slideshows/latest')) as z.infer<typeof latestSlideshowResponse>).slideshow;
}

export function useLatestSlideshow({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: ['slideshows', 'latest'], queryFn: getLatestSlideshow, enabled });
}
