import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMediaItem } from '#common/api/media.ts';
import type { AdminSlideshowDetail, AdminSlideshowSummary } from '#common/api/slideshows.ts';
import type { ListPage } from '#common/list.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { type ListParams, listQueryString } from '#web/lib/list-params.ts';
import { useListQuery } from '#web/lib/use-list-query.ts';
import { slideshowKeys } from './slideshow-keys.ts';

/** Slideshows per page (the spec's screen fetched 20). */
export const SLIDESHOWS_PAGE_SIZE = 20;
/** Items the media picker shows per search. */
export const PICKER_PAGE_SIZE = 48;

export type SlideshowParams = ListParams<never, 'newest'>;

/** GET /api/admin/slideshows?q=&cursor=&limit= */
export function useAdminSlideshows(params: SlideshowParams) {
  return useListQuery({
    queryKey: slideshowKeys.list({ q: params.q, cursor: params.cursor }),
    fetchPage: (cursor, signal) =>
      apiFetch<ListPage<AdminSlideshowSummary>>(
        `/api/admin/slideshows${listQueryString({ q: params.q, filters: {}, sort: null }, { cursor, limit: SLIDESHOWS_PAGE_SIZE })}`,
        { signal },
      ),
    cursor: params.cursor,
  });
}

/** GET /api/admin/slideshows/:id: every slide, for the edit dialog. */
export function useAdminSlideshow(id: string | null) {
  return useQuery({
    queryKey: slideshowKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<{ slideshow: AdminSlideshowDetail }>(`/api/admin/slideshows/${encodeURIComponent(id ?? '')}`, {
        signal,
      }).then((data) => data.slideshow),
    enabled: id !== null,
  });
}

/** The media picker's search: every item, public or not, newest first. */
export function usePickerMedia(q: string) {
  return useQuery({
    queryKey: slideshowKeys.picker(q),
    queryFn: ({ signal }) =>
      apiFetch<ListPage<AdminMediaItem>>(
        `/api/admin/media${listQueryString({ q, filters: {}, sort: null }, { cursor: null, limit: PICKER_PAGE_SIZE })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

function useRefreshSlideshows() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: slideshowKeys.all });
}

export interface SlideInput {
  mediaId: string;
  duration: number;
  caption: string;
}

export interface CreateSlideshowInput {
  title: string;
  description: string;
  isPublic: boolean;
  isFeatured: boolean;
  slides: SlideInput[];
}

/** POST /api/admin/slideshows. */
export function useCreateSlideshow() {
  const refresh = useRefreshSlideshows();
  return useMutation({
    mutationFn: (body: CreateSlideshowInput) =>
      apiFetch<{ slideshow: { id: string } }>('/api/admin/slideshows', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export interface UpdateSlideshowInput {
  title?: string;
  description?: string;
  isPublic?: boolean;
  isFeatured?: boolean;
  /** Every kept slide, by id, in order. */
  slides?: { id: string; duration: number; caption: string }[];
  /** New items, appended after the last slide. */
  add?: SlideInput[];
}

/** PATCH /api/admin/slideshows/:id: the dialog's save and the toggles. */
export function useUpdateSlideshow() {
  const refresh = useRefreshSlideshows();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateSlideshowInput }) =>
      apiFetch<{ slideshow: AdminSlideshowDetail; added: number }>(
        `/api/admin/slideshows/${encodeURIComponent(id)}`,
        { method: 'PATCH', body },
      ),
    onSettled: refresh,
  });
}

/** DELETE /api/admin/slideshows/:id. */
export function useDeleteSlideshow() {
  const refresh = useRefreshSlideshows();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<null>(`/api/admin/slideshows/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
