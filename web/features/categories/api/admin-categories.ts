import { type InfiniteData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCategory,
  AdminCategorySort,
  AdminCategoryStats,
  Category,
} from '#common/api/categories.ts';
import type { ListPage } from '#common/list.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { type ListParams, listQueryString } from '#web/lib/list-params.ts';
import { dashboardKeys } from '#web/features/dashboard/index.ts';
import { mediaKeys } from '#web/features/media/index.ts';
import { useListQuery } from '#web/lib/use-list-query.ts';
import { categoryKeys } from './category-keys.ts';

/** Cards per page (the spec's categories were fetched 50 at a time). */
export const CATEGORY_PAGE_SIZE = 50;

export type CategoryParams = ListParams<never, AdminCategorySort>;

/** The fields the dialog sends (the server trims; empty description and icon become none). */
export interface CategoryInput {
  name: string;
  description?: string | null;
  color?: string;
  icon?: string | null;
  isPublic?: boolean;
}

/** GET /api/admin/categories/cards?q=&sort=&cursor=&limit= */
export function useCategoryCards(params: CategoryParams) {
  const key = { q: params.q, sort: params.sort, cursor: params.cursor };
  return useListQuery({
    queryKey: categoryKeys.list(key),
    fetchPage: (cursor, signal) =>
      apiFetch<ListPage<AdminCategory>>(
        `/api/admin/categories/cards${listQueryString(
          { q: params.q, filters: {}, sort: params.sort },
          { cursor, limit: CATEGORY_PAGE_SIZE },
        )}`,
        { signal },
      ),
    cursor: params.cursor,
  });
}

/** GET /api/admin/categories/stats: the header counts and stat cards. */
export function useCategoryStats() {
  return useQuery({
    queryKey: categoryKeys.stats(),
    queryFn: ({ signal }) => apiFetch<AdminCategoryStats>('/api/admin/categories/stats', { signal }),
  });
}

/** A category change also changes the media screen (its pickers, names and tiles) and the dashboard. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
      queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
    ]);
}

/** POST /api/admin/categories. */
export function useCreateCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CategoryInput) =>
      apiFetch<{ category: Category }>('/api/admin/categories', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** PATCH /api/admin/categories/:id from the dialog. */
export function useUpdateCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<CategoryInput> }) =>
      apiFetch<{ category: Category }>(`/api/admin/categories/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
      }),
    onSuccess: refresh,
  });
}

type CardsCache = InfiniteData<ListPage<AdminCategory>>;

/** The visibility toggle: changes on screen at once and goes back as it was if the server refuses. */
export function useToggleCategory() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, isPublic }: { id: string; isPublic: boolean }) =>
      apiFetch<{ category: Category }>(`/api/admin/categories/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { isPublic },
      }),
    onMutate: async ({ id, isPublic }) => {
      await queryClient.cancelQueries({ queryKey: categoryKeys.lists() });
      const before = queryClient.getQueriesData<CardsCache>({ queryKey: categoryKeys.lists() });
      queryClient.setQueriesData<CardsCache>({ queryKey: categoryKeys.lists() }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => (item.id === id ? { ...item, isPublic } : item)),
              })),
            }
          : data,
      );
      return { before };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: refresh,
  });
}

/** DELETE /api/admin/categories/:id (204): its items stay, without a category. */
export function useDeleteCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<null>(`/api/admin/categories/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
