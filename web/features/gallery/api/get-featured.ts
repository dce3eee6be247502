import { useQuery } from '@tanstack/react-query';
import { featuredResponse, type GalleryItem } from '../../../../common/api.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

/** The featured strip: at most 6 public featured items, newest first. */
export async function getFeatured(): Promise<GalleryItem[]> {
  return featuredResponse.parse(await apiFetch('/api/gallery/featured')).items;
}

export function useFeatured() {
  return useQuery({ queryKey: ['gallery', 'featured'], queryFn: getFeatured });
}
