import type { CreateMediaFromUploadInput, MediaUploadResponse } from '#common/api/media.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/**
 * Makes one finished upload into an item with its form's values (POST /api/admin/media/uploads):
 * the item, and the photos the archive holds already that look like it (issue 29 §4).
 */
export function createMediaFromUpload(
  body: CreateMediaFromUploadInput,
  { signal }: { signal?: AbortSignal } = {},
): Promise<MediaUploadResponse> {
  return apiFetch<MediaUploadResponse>('/api/admin/media/uploads', { method: 'POST', body, signal });
}
