import type { z } from 'zod';
import { useMutation } from '@tanstack/react-query';
import type { downloadCountResponse } from '../../../../common/api.ts';
import { apiFetch } from '../../../lib/api-fetch.ts';

/** Counts one download of a document (public-site.md §4); answers the new download_count. */
export async function countDocumentDownload(id: string): Promise<number> {
  // keepalive: the count still arrives if the download navigates the page away.
  const body = await apiFetch<z.infer<typeof downloadCountResponse>>(
    `/api/documents/${encodeURIComponent(id)}/download`,
    {
      method: 'POST',
      keepalive: true,
    },
  );
  return body.downloadCount;
}

export function useCountDocumentDownload() {
  // A failed count never stands in the way of the download itself (public-site.md §8).
  return useMutation({ mutationFn: countDocumentDownload });
}
