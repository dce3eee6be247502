import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage } from '#common/list.ts';
import type { Translation, TranslationStats, UpdateTranslationBody } from '#common/translations.ts';
import { ApiRequestError, apiFetch } from '#web/lib/api-fetch.ts';
import { type ListParams, listQueryString } from '#web/lib/list-params.ts';
import { useListQuery } from '#web/lib/use-list-query.ts';
import { translationKeys } from './translation-keys.ts';

/** Rows per page (the spec fetched 200 at once; every key is reachable here with Load more). */
export const TRANSLATIONS_PAGE_SIZE = 100;

export type TranslationFilter = 'status' | 'component' | 'missingEnglish';
export type TranslationParams = ListParams<TranslationFilter, 'key'>;

const statsKey = [...translationKeys.all, 'stats'] as const;

/** GET /api/admin/translations?q=&status=&component=&missingEnglish=&cursor=&limit= */
export function useTranslationList(params: TranslationParams) {
  const key = { q: params.q, filters: params.filters, cursor: params.cursor };
  return useListQuery({
    queryKey: translationKeys.list(key),
    fetchPage: (cursor, signal) =>
      apiFetch<ListPage<Translation>>(
        `/api/admin/translations${listQueryString(
          { q: params.q, filters: params.filters, sort: null },
          { cursor, limit: TRANSLATIONS_PAGE_SIZE },
        )}`,
        { signal },
      ),
    cursor: params.cursor,
  });
}

/** GET /api/admin/translations/stats: counts, progress and the components of the filter. */
export function useTranslationStats() {
  return useQuery({
    queryKey: statsKey,
    queryFn: ({ signal }) => apiFetch<TranslationStats>('/api/admin/translations/stats', { signal }),
  });
}

/** Every write changes the list, the stats and the texts every page shows. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: translationKeys.all });
}

/** PATCH /api/admin/translations/:id (the inline edit). */
export function useUpdateTranslation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTranslationBody }) =>
      apiFetch<{ translation: Translation }>(`/api/admin/translations/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
      }),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/translations/:id */
export function useDeleteTranslation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<null>(`/api/admin/translations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** POST /api/admin/translations/seed: the default texts whose key is missing. */
export function useSeedTranslations() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => apiFetch<{ added: number }>('/api/admin/translations/seed', { method: 'POST' }),
    onSuccess: refresh,
  });
}

/**
 * GET /api/admin/translations/export[?include=english], saved as the file the server names. Read
 * through fetch rather than a plain link, so a refusal or a failure is shown, not downloaded.
 */
export async function downloadTranslations(withEnglish: boolean): Promise<void> {
  const response = await fetch(`/api/admin/translations/export${withEnglish ? '?include=english' : ''}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new ApiRequestError(response.status, body.code ?? `HTTP_${response.status}`, body.message ?? '');
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'translations.json';
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
