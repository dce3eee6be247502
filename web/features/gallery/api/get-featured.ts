import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import type { featuredResponse, GalleryItem } from '../../../../common/api.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

/** The featured strip: at most 6 public featured items, newest first. */
export async function getFeatured(): Promise<GalleryItem[]> {
  return ((await apiFetch('/api/gallery/featured')) as z.infer<typeof featuredResponse>).items;
}

export function useFeatured() {
  return useQuery({ queryKey: ['gallery', 'featured'], queryFn: getFeatured });
}
