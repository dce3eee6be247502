import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import type { MediaItem, mediaItemResponse } from '../../../../common/api.ts';
import { ApiRequestError, apiFetch } from '../../../lib/api-fetch.ts';

export async function getMedia(id: string): Promise<MediaItem> {
  return ((await apiFetch(`/api/media/${encodeURIComponent(id)}`)) as z.infer<typeof mediaItemResponse>)
    .media;
}

/** GET /api/media/:id. A 404 (missing or not public) is final: it is not retried. */
export function useMedia(id: string) {
  return useQuery({
    queryKey: ['media', id],
    queryFn: () => getMedia(id),
    retry: (failures, error) =>
      !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failures < 1,
  });
}
