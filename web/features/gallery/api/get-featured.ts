import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { featuredResponse, GalleryItem } from '#common/api/gallery.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';
import { galleryKeys } from './gallery-keys.ts';

const PATH = '/api/gallery/featured';

/** The featured strip: at most 6 public featured items, newest first. */
export async function getFeatured(): Promise<GalleryItem[]> {
  return (await apiFetch<z.infer<typeof featuredResponse>>(PATH)).items;
}

export const getFeaturedQueryOptions = () =>
  queryOptions({ queryKey: galleryKeys.featured(), queryFn: getFeatured });

export function useFeatured() {
  const takeBootData = useBootData();
  return useQuery({
    ...getFeaturedQueryOptions(),
    initialData: () => takeBootData<z.infer<typeof featuredResponse>>(PATH)?.items,
  });
}
