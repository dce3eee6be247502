import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import type { viewResponse } from '#common/api/media.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** POST /api/media/:id/view: counts one view and returns the new count. */
export async function recordView(id: string): Promise<number> {
  return (
    await apiFetch<z.infer<typeof viewResponse>>(`/api/media/${encodeURIComponent(id)}/view`, {
      method: 'POST',
    })
  ).viewCount;
}

export function useRecordView() {
  return useMutation({ mutationFn: recordView });
}
