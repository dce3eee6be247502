import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { categoriesResponse } from '#common/api/categories.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';

export type PublicCategory = z.infer<typeof categoriesResponse>['categories'][number];

const PATH = '/api/categories';

/** The public categories, by name (the gallery's category filter). */
export async function getPublicCategories(): Promise<PublicCategory[]> {
  return (await apiFetch<z.infer<typeof categoriesResponse>>(PATH)).categories;
}

export function usePublicCategories() {
  const takeBootData = useBootData();
  return useQuery({
    queryKey: ['categories', 'public'],
    queryFn: getPublicCategories,
    initialData: () => takeBootData<z.infer<typeof categoriesResponse>>(PATH)?.categories,
  });
}
