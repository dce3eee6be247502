import { useMutation } from '@tanstack/react-query';
import type { IdSearchResponse } from '#common/api/search.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** GET /api/admin/search/by-id?id=… (every staff role): records whose display ID is `id`. */
export function searchById(id: string): Promise<IdSearchResponse> {
  return apiFetch<IdSearchResponse>(`/api/admin/search/by-id?id=${encodeURIComponent(id)}`);
}

/** A search run when the dialog's form is sent (not per keystroke). */
export function useIdSearch() {
  return useMutation({ mutationFn: searchById });
}
