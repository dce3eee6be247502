import type { CreateMediaFromUploadInput, MediaItem } from '#common/api/media.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** Makes one finished upload into an item with its form's values (POST /api/admin/media/uploads). */
export async function createMediaFromUpload(
  body: CreateMediaFromUploadInput,
  { signal }: { signal?: AbortSignal } = {},
): Promise<MediaItem> {
  const data = await apiFetch<{ media: MediaItem }>('/api/admin/media/uploads', {
    method: 'POST',
    body,
    signal,
  });
  return data.media;
}
