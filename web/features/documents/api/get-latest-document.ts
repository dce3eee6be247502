import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import type { DocumentItem, latestDocumentResponse } from '#common/api/documents.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';

const PATH = '/api/documents/latest';

/** The newest public 'mentanardagarnar' document, or null (the header's document button). */
export async function getLatestDocument(): Promise<DocumentItem | null> {
  return (await apiFetch<z.infer<typeof latestDocumentResponse>>(PATH)).document;
}

export function useLatestDocument() {
  const takeBootData = useBootData();
  return useQuery({
    queryKey: ['documents', 'latest'],
    queryFn: getLatestDocument,
    initialData: () => takeBootData<z.infer<typeof latestDocumentResponse>>(PATH)?.document,
  });
}
