import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { KnowledgeStats, StaffKnowledge } from '#common/api/knowledge.ts';
import type { KnowledgeField, KnowledgeMode } from '#common/knowledge-form.ts';
import type { ListPage } from '#common/list.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

export type KnowledgeFilter = 'pending' | 'accepted' | 'rejected' | 'all';

const keys = {
  all: ['admin', 'knowledge'] as const,
  list: (status: KnowledgeFilter, q: string) => ['admin', 'knowledge', 'list', status, q] as const,
  stats: () => ['admin', 'knowledge', 'stats'] as const,
};

/** GET /api/admin/knowledge?status=&q=&cursor=: newest first, a page at a time. */
export function useKnowledgeList(status: KnowledgeFilter, q: string) {
  return useInfiniteQuery({
    queryKey: keys.list(status, q),
    initialPageParam: '',
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ status, limit: '50' });
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch<ListPage<StaffKnowledge>>(`/api/admin/knowledge?${params}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** GET /api/admin/knowledge/stats: the counts by status. */
export function useKnowledgeStats() {
  return useQuery({
    queryKey: keys.stats(),
    queryFn: ({ signal }) => apiFetch<KnowledgeStats>('/api/admin/knowledge/stats', { signal }),
  });
}

/**
 * What a review action says when it ends. Given to the hook, not to `mutate`: the live list may
 * take the card (and the form that sent it) away before the answer arrives, and `mutate`'s own
 * callbacks are dropped with the component that called it.
 */
export interface ActionMessages {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

function useAction<V>(
  request: (vars: V) => Promise<{ contribution: StaffKnowledge }>,
  messages: ActionMessages,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => request(vars).then((data) => data.contribution),
    onSuccess: () => messages.onSuccess?.(),
    onError: (error) => messages.onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

const at = (id: string, what: string) => `/api/admin/knowledge/${encodeURIComponent(id)}/${what}`;

export const useAcceptKnowledge = (messages: ActionMessages = {}) =>
  useAction(
    ({ id, ...body }: { id: string; field: KnowledgeField; mode: KnowledgeMode; text: string }) =>
      apiFetch(at(id, 'accept'), { method: 'POST', body }),
    messages,
  );
export const useRejectKnowledge = (messages: ActionMessages = {}) =>
  useAction((id: string) => apiFetch(at(id, 'reject'), { method: 'POST' }), messages);
export const useReplyKnowledge = (messages: ActionMessages = {}) =>
  useAction(
    ({ id, text }: { id: string; text: string }) =>
      apiFetch(at(id, 'reply'), { method: 'POST', body: { text } }),
    messages,
  );

/** Reloads the list a moment after a change seen live (several changes, one reload), as submissions do. */
const RELOAD_DELAY_MS = 500;

/** Live updates (GET /api/admin/knowledge/events): a contribution sent or reviewed anywhere reloads the screen. */
export function useKnowledgeEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/admin/knowledge/events');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: keys.all }), RELOAD_DELAY_MS);
    };
    let opened = false;
    source.onopen = () => {
      if (opened) reload();
      opened = true;
    };
    source.onmessage = reload;
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [queryClient]);
}
