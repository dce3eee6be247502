import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GallerySummary } from '#common/api/gallery.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';
import { galleryKeys } from './gallery-keys.ts';

const PATH = '/api/gallery/summary';

export async function getGallerySummary(): Promise<GallerySummary> {
  return apiFetch<GallerySummary>(PATH);
}

export const getGallerySummaryQueryOptions = () =>
  queryOptions({ queryKey: galleryKeys.summary(), queryFn: getGallerySummary });

export function useGallerySummary() {
  const takeBootData = useBootData();
  return useQuery({
    ...getGallerySummaryQueryOptions(),
    initialData: () => takeBootData<GallerySummary>(PATH),
  });
}
