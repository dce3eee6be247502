import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { categoriesResponse } from '../../../../common/api.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

export type PublicCategory = z.infer<typeof categoriesResponse>['categories'][number];

/** The public categories, by name (the gallery's category filter). */
export async function getPublicCategories(): Promise<PublicCategory[]> {
  return categoriesResponse.parse(await apiFetch('/api/categories')).categories;
}

export function usePublicCategories() {
  return useQuery({ queryKey: ['categories', 'public'], queryFn: getPublicCategories });
}
