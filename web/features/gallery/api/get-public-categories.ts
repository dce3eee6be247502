import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { categoriesResponse } from '#common/api/categories.ts';
import { categoryKeys } from '#web/features/categories/index.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';

export type PublicCategory = z.infer<typeof categoriesResponse>['categories'][number];

const PATH = '/api/categories';

/** The public categories, by name (the gallery's category filter). */
export async function getPublicCategories(): Promise<PublicCategory[]> {
  return (await apiFetch<z.infer<typeof categoriesResponse>>(PATH)).categories;
}

/** GET /api/categories, under the categories' keys: a staff change to them renews it. */
export const getPublicCategoriesQueryOptions = () =>
  queryOptions({ queryKey: categoryKeys.public(), queryFn: getPublicCategories });

export function usePublicCategories() {
  const takeBootData = useBootData();
  return useQuery({
    ...getPublicCategoriesQueryOptions(),
    initialData: () => takeBootData<z.infer<typeof categoriesResponse>>(PATH)?.categories,
  });
}
