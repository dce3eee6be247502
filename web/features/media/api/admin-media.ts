import { type InfiniteData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminMediaItem,
  AdminMediaSort,
  AdminMediaStats,
  BulkMediaAction,
  MediaItem,
  UpdateMediaBody,
} from '#common/api/media.ts';
import type { ListPage } from '#common/list.ts';
import { categoryKeys, getAdminCategoriesQueryOptions } from '#web/features/categories/index.ts';
import { folderKeys } from '#web/features/folders/index.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { type ListParams, listQueryString } from '#web/lib/list-params.ts';
import { useListQuery } from '#web/lib/use-list-query.ts';
import { mediaKeys } from './media-keys.ts';

/** The media screen's tiles. */
const statsKey = [...mediaKeys.all, 'stats'] as const;

/** Rows per page (the spec's media page fetched 100). */
export const MEDIA_PAGE_SIZE = 100;

export type MediaFilter = 'category' | 'folder' | 'originalDate' | 'view';
export type MediaParams = ListParams<MediaFilter, AdminMediaSort>;

/** GET /api/admin/media?q=&category=&folder=&sort=&cursor=&limit= (`view` stays in the browser). */
export function listAdminMedia(
  params: Pick<MediaParams, 'q' | 'filters' | 'sort'>,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ListPage<AdminMediaItem>> {
  const { view: _view, ...filters } = params.filters;
  const query = listQueryString(
    { q: params.q, filters, sort: params.sort },
    { cursor, limit: MEDIA_PAGE_SIZE },
  );
  return apiFetch<ListPage<AdminMediaItem>>(`/api/admin/media${query}`, { signal });
}

export function useAdminMediaList(params: MediaParams) {
  const { view: _view, ...filters } = params.filters;
  const key = { q: params.q, filters, sort: params.sort, cursor: params.cursor };
  return useListQuery({
    queryKey: mediaKeys.list(key),
    fetchPage: (cursor, signal) => listAdminMedia(params, cursor, signal),
    cursor: params.cursor,
    // A playable copy being made: its progress shown as it moves.
    refetchWhile: (item) => item.playableCopy?.status === 'queued' || item.playableCopy?.status === 'running',
  });
}

/** GET /api/admin/media/stats: the six tiles. */
export function useAdminMediaStats() {
  return useQuery({
    queryKey: statsKey,
    queryFn: ({ signal }) => apiFetch<AdminMediaStats>('/api/admin/media/stats', { signal }),
  });
}

/** GET /api/admin/categories: every category, for the filter and the edit form. */
export function useAdminCategories() {
  return useQuery({
    ...getAdminCategoriesQueryOptions(),
    select: (data) => data.categories,
  });
}

type ListCache = InfiniteData<ListPage<AdminMediaItem>>;

/**
 * Refreshes what a change to items touches: the lists, the tiles and the public item pages, and
 * the item counts of folders and categories (a move or a delete changes them).
 */
function useRefreshMedia() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
      queryClient.invalidateQueries({ queryKey: folderKeys.all }),
      queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
    ]);
}

/** PATCH /api/admin/media/:id. */
export function updateMedia(id: string, body: Partial<Record<keyof UpdateMediaBody, unknown>>) {
  return apiFetch<{ media: MediaItem }>(`/api/admin/media/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
  });
}

/** An edit from the modal: refreshes the lists when done. */
export function useUpdateMedia() {
  const refresh = useRefreshMedia();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<Record<keyof UpdateMediaBody, unknown>> }) =>
      updateMedia(id, body),
    onSuccess: refresh,
  });
}

/**
 * The public and featured toggles: they change on screen at once (admin-back-office.md §4) and
 * go back as they were if the server refuses.
 */
export function useToggleMedia() {
  const queryClient = useQueryClient();
  const refresh = useRefreshMedia();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: { isPublic: boolean } | { isFeatured: boolean } }) =>
      updateMedia(id, change),
    onMutate: async ({ id, change }) => {
      await queryClient.cancelQueries({ queryKey: mediaKeys.lists() });
      const before = queryClient.getQueriesData<ListCache>({ queryKey: mediaKeys.lists() });
      queryClient.setQueriesData<ListCache>({ queryKey: mediaKeys.lists() }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => (item.id === id ? { ...item, ...change } : item)),
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

/** DELETE /api/admin/media/:id. */
export function useDeleteMedia() {
  const refresh = useRefreshMedia();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<null>(`/api/admin/media/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export interface BulkRequest {
  ids: string[];
  action: BulkMediaAction;
  categoryId?: string | null;
  folderId?: string | null;
  /** For 'rights': the statement URI every selected item gets. */
  rights?: string;
  /** For 'place': the place every selected item gets (null: none). */
  placeId?: string | null;
}

/** POST /api/admin/media/bulk: one action on many items, all or nothing. */
export function useBulkMedia() {
  const refresh = useRefreshMedia();
  return useMutation({
    mutationFn: (body: BulkRequest) =>
      apiFetch<{ changed: number }>('/api/admin/media/bulk', { method: 'POST', body }),
    onSettled: refresh,
  });
}
