import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import type { GallerySummary, gallerySummaryResponse } from '../../../../common/api.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';
import { takeBootData } from '../../../lib/boot-data.ts';

const PATH = '/api/gallery/summary';

export async function getGallerySummary(): Promise<GallerySummary> {
  return (await apiFetch(PATH)) as z.infer<typeof gallerySummaryResponse>;
}

export function useGallerySummary() {
  return useQuery({
    queryKey: ['gallery', 'summary'],
    queryFn: getGallerySummary,
    initialData: () => takeBootData<GallerySummary>(PATH),
  });
}
