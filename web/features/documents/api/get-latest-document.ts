import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentItem, latestDocumentResponse } from '#common/api/documents.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';
import { documentKeys } from './document-keys.ts';

const PATH = '/api/documents/latest';

/** The newest public 'mentanardagarnar' document, or null (the header's document button). */
export async function getLatestDocument(): Promise<DocumentItem | null> {
  return (await apiFetch<z.infer<typeof latestDocumentResponse>>(PATH)).document;
}

/** GET /api/documents/latest, for fetching and invalidating it. */
export const getLatestDocumentQueryOptions = () =>
  queryOptions({ queryKey: documentKeys.latest(), queryFn: getLatestDocument });

export function useLatestDocument() {
  const takeBootData = useBootData();
  return useQuery({
    ...getLatestDocumentQueryOptions(),
    initialData: () => takeBootData<z.infer<typeof latestDocumentResponse>>(PATH)?.document,
  });
}
