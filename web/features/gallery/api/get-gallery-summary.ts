import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import type { GallerySummary, gallerySummaryResponse } from '../../../../common/api.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

export async function getGallerySummary(): Promise<GallerySummary> {
  return (await apiFetch('/api/gallery/summary')) as z.infer<typeof gallerySummaryResponse>;
}

export function useGallerySummary() {
  return useQuery({ queryKey: ['gallery', 'summary'], queryFn: getGallerySummary });
}
