import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import type { featuredResponse, GalleryItem } from '#common/api/gallery.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';

const PATH = '/api/gallery/featured';

/** The featured strip: at most 6 public featured items, newest first. */
export async function getFeatured(): Promise<GalleryItem[]> {
  return (await apiFetch<z.infer<typeof featuredResponse>>(PATH)).items;
}

export function useFeatured() {
  const takeBootData = useBootData();
  return useQuery({
    queryKey: ['gallery', 'featured'],
    queryFn: getFeatured,
    initialData: () => takeBootData<z.infer<typeof featuredResponse>>(PATH)?.items,
  });
}
