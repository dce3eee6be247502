import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MediaItem, mediaItemResponse } from '#common/api/media.ts';
import { ApiRequestError, apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';
import { mediaKeys } from './media-keys.ts';

/** The item's answer, which the server embeds in its page (server/web/boot-data.ts). */
export const mediaPath = (id: string) => `/api/media/${encodeURIComponent(id)}`;

export async function getMedia(id: string, signal?: AbortSignal): Promise<MediaItem> {
  return (await apiFetch<z.infer<typeof mediaItemResponse>>(mediaPath(id), { signal })).media;
}

/** GET /api/media/:id: one item, for fetching, prefetching and invalidating it. */
export const getMediaQueryOptions = (id: string) =>
  queryOptions({ queryKey: mediaKeys.detail(id), queryFn: ({ signal }) => getMedia(id, signal) });

/** GET /api/media/:id. A 404 (missing or not public) is final: it is not retried. */
export function useMedia(id: string) {
  const takeBootData = useBootData();
  return useQuery({
    ...getMediaQueryOptions(id),
    initialData: () => takeBootData<z.infer<typeof mediaItemResponse>>(mediaPath(id))?.media,
    retry: (failures, error) =>
      !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failures < 1,
  });
}
