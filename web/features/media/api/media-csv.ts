import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaCsvPreview } from '#common/api/media.ts';
import { categoryKeys } from '#web/features/categories/index.ts';
import { folderKeys } from '#web/features/folders/index.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { listQueryString } from '#web/lib/list-params.ts';
import type { MediaParams } from './admin-media.ts';
import { mediaKeys } from './media-keys.ts';

/** GET /api/admin/media/export.csv: the list as it is filtered, searched and sorted (not its page). */
export function mediaCsvExportUrl(params: Pick<MediaParams, 'q' | 'filters' | 'sort'>): string {
  const { view: _view, ...filters } = params.filters;
  return `/api/admin/media/export.csv${listQueryString({ q: params.q, filters, sort: params.sort })}`;
}

/** POST /api/admin/media/csv/preview: what the edited CSV would change; nothing is written. */
export function usePreviewMediaCsv() {
  return useMutation({
    mutationFn: (csv: string) =>
      apiFetch<MediaCsvPreview>('/api/admin/media/csv/preview', { method: 'POST', body: { csv } }),
  });
}

/** POST /api/admin/media/csv/apply: the preview written, if its items are as it showed them. */
export function useApplyMediaCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { csv: string; fingerprint: string }) =>
      apiFetch<{ changed: number }>('/api/admin/media/csv/apply', { method: 'POST', body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
        queryClient.invalidateQueries({ queryKey: folderKeys.all }),
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
      ]),
  });
}
