import { useQuery } from '@tanstack/react-query';
import type { GallerySummary } from '#common/api/gallery.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';

const PATH = '/api/gallery/summary';

export async function getGallerySummary(): Promise<GallerySummary> {
  return apiFetch<GallerySummary>(PATH);
}

export function useGallerySummary() {
  const takeBootData = useBootData();
  return useQuery({
    queryKey: ['gallery', 'summary'],
    queryFn: getGallerySummary,
    initialData: () => takeBootData<GallerySummary>(PATH),
  });
}
