import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDocumentSort, AdminDocumentStats, DocumentItem } from '#common/api/documents.ts';
import type { DocumentCategory } from '#common/enums.ts';
import type { ListPage } from '#common/list.ts';
import { ApiRequestError, apiFetch, readIssues } from '#web/lib/api-fetch.ts';
import { type ListParams, listQueryString } from '#web/lib/list-params.ts';
import { useListQuery } from '#web/lib/use-list-query.ts';
import { documentKeys } from './document-keys.ts';

/** Rows per page (the spec's documents screen fetched 50). */
export const DOCUMENTS_PAGE_SIZE = 50;

export type DocumentFilter = 'category';
export type DocumentParams = ListParams<DocumentFilter, AdminDocumentSort>;

/** GET /api/admin/documents?q=&category=&sort=&cursor=&limit= */
export function useAdminDocuments(params: DocumentParams) {
  const key = { q: params.q, filters: params.filters, sort: params.sort, cursor: params.cursor };
  return useListQuery({
    queryKey: documentKeys.list(key),
    fetchPage: (cursor, signal) =>
      apiFetch<ListPage<DocumentItem>>(
        `/api/admin/documents${listQueryString(
          { q: params.q, filters: params.filters, sort: params.sort },
          { cursor, limit: DOCUMENTS_PAGE_SIZE },
        )}`,
        { signal },
      ),
    cursor: params.cursor,
  });
}

/** GET /api/admin/documents/stats: the tiles. */
export function useDocumentStats() {
  return useQuery({
    queryKey: documentKeys.stats(),
    queryFn: ({ signal }) => apiFetch<AdminDocumentStats>('/api/admin/documents/stats', { signal }),
  });
}

function useRefreshDocuments() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: documentKeys.all });
}

export interface DocumentUpload {
  file: File;
  title: string;
  description: string;
  category: DocumentCategory;
  isPublic: boolean;
  isFeatured: boolean;
}

/** POST /api/admin/documents as multipart: the fields first, then the one file. */
export async function uploadDocument(upload: DocumentUpload): Promise<{ document: DocumentItem }> {
  const form = new FormData();
  form.append('title', upload.title);
  form.append('description', upload.description);
  form.append('category', upload.category);
  form.append('isPublic', String(upload.isPublic));
  form.append('isFeatured', String(upload.isFeatured));
  form.append('file', upload.file, upload.file.name);
  const response = await fetch('/api/admin/documents', {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  const data = (await response.json().catch(() => null)) as {
    code?: unknown;
    message?: unknown;
    issues?: unknown;
    document?: DocumentItem;
  } | null;
  if (!response.ok) {
    throw new ApiRequestError(
      response.status,
      typeof data?.code === 'string' ? data.code : `HTTP_${response.status}`,
      typeof data?.message === 'string' ? data.message : response.statusText,
      readIssues(data?.issues),
    );
  }
  return data as { document: DocumentItem };
}

export function useUploadDocument() {
  const refresh = useRefreshDocuments();
  return useMutation({ mutationFn: uploadDocument, onSuccess: refresh });
}

export type DocumentChange = Partial<{
  title: string;
  description: string;
  isPublic: boolean;
  isFeatured: boolean;
}>;

/** PATCH /api/admin/documents/:id: the inline edit and the toggles. */
export function useUpdateDocument() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: DocumentChange }) =>
      apiFetch<{ document: DocumentItem }>(`/api/admin/documents/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: change,
      }),
    onSettled: refresh,
  });
}

/** DELETE /api/admin/documents/:id (the stored file goes with it). */
export function useDeleteDocument() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<null>(`/api/admin/documents/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/**
 * A download from the screen: counted (+1) by the server, then the file is saved under its own
 * name (the plain file URL, which counts nothing itself).
 */
export function useDownloadDocument() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: async (document: DocumentItem) => {
      const counted = await apiFetch<{ downloadCount: number }>(
        `/api/admin/documents/${encodeURIComponent(document.id)}/download`,
        { method: 'POST' },
      );
      const link = window.document.createElement('a');
      link.href = document.url;
      link.download = document.fileName;
      window.document.body.append(link);
      link.click();
      link.remove();
      return counted;
    },
    onSettled: refresh,
  });
}
