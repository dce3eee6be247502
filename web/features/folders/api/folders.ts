import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Folder } from '#common/api/folders.ts';
import { mediaKeys } from '#web/features/media/index.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export const folderKeys = queryKeys('folders');

/** GET /api/admin/folders: every folder by name, with item counts. */
export function useFolders() {
  return useQuery({
    queryKey: folderKeys.lists(),
    queryFn: ({ signal }) => apiFetch<{ folders: Folder[] }>('/api/admin/folders', { signal }),
    select: (data) => data.folders,
  });
}

/** Folder changes also change the media lists (their folder names and filter). */
function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: folderKeys.all }),
      queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
    ]);
  };
}

export function useCreateFolder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { name: string }) =>
      apiFetch<{ folder: Folder }>('/api/admin/folders', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useRenameFolder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiFetch<{ folder: Folder }>(`/api/admin/folders/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { name },
      }),
    onSuccess: refresh,
  });
}

export function useDeleteFolder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<null>(`/api/admin/folders/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
