import { useQuery } from '@tanstack/react-query';
import { type GallerySummary, gallerySummaryResponse } from '../../../../common/api.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

export async function getGallerySummary(): Promise<GallerySummary> {
  return gallerySummaryResponse.parse(await apiFetch('/api/gallery/summary'));
}

export function useGallerySummary() {
  return useQuery({ queryKey: ['gallery', 'summary'], queryFn: getGallerySummary });
}
