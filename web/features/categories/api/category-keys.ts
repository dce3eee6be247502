import { queryOptions } from '@tanstack/react-query';
import type { Category } from '#common/api/categories.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * Query keys of categories. Everything about them lives under 'categories' (this screen's cards and
 * tiles, the staff pickers' list, the gallery's public list), so one invalidation of
 * `categoryKeys.all` refreshes them all.
 */
export const categoryKeys = {
  ...queryKeys('categories'),
  stats: () => ['categories', 'stats'] as const,
  /** The public categories, by name (the gallery's filter). */
  public: () => ['categories', 'public'] as const,
};

/** GET /api/admin/categories: every category, for the media screens' filter and edit form. */
export const getAdminCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories', 'admin'] as const,
    queryFn: ({ signal }) => apiFetch<{ categories: Category[] }>('/api/admin/categories', { signal }),
  });
