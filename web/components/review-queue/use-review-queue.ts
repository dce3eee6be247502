import {
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ListPage } from '#common/list.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** Which of a review queue's rows a screen shows. */
export type ReviewFilter = 'pending' | 'accepted' | 'rejected' | 'all';
export const REVIEW_FILTERS: readonly ReviewFilter[] = ['pending', 'accepted', 'rejected', 'all'];

/** The counts by status every review queue answers at `{url}/stats`. */
export type ReviewCounts = {
  pending: number;
  accepted: number;
  rejected: number;
};

/**
 * One review queue of the API: `GET {url}?status=&q=&cursor=` (newest first, a page at a time),
 * `GET {url}/stats`, `GET {url}/events` (server-sent events) and `POST {url}/{id}/{action}`, with
 * the feature's query keys (`all` is what a review or a live change reloads).
 */
export interface ReviewQueueApi {
  url: string;
  keys: {
    all: QueryKey;
    list: (status: ReviewFilter, q: string) => QueryKey;
    stats: () => QueryKey;
  };
}

/** `POST {url}/{id}/{action}`'s address. */
export const reviewActionUrl = (api: ReviewQueueApi, id: string, action: string) =>
  `${api.url}/${encodeURIComponent(id)}/${action}`;

/**
 * A review screen's state and data: the status filter (pending first) and the search, the list
 * read a page at a time, the counts, and live updates while the screen is open.
 */
export function useReviewQueue<T, S extends ReviewCounts = ReviewCounts>(api: ReviewQueueApi) {
  const [status, setStatus] = useState<ReviewFilter>('pending');
  const [q, setQ] = useState('');
  const search = q.trim();
  const list = useInfiniteQuery({
    queryKey: api.keys.list(status, search),
    initialPageParam: '',
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ status, limit: '50' });
      if (search) params.set('q', search);
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch<ListPage<T>>(`${api.url}?${params}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const stats = useQuery({
    queryKey: api.keys.stats(),
    queryFn: ({ signal }) => apiFetch<S>(`${api.url}/stats`, { signal }),
  });
  useLiveReload(`${api.url}/events`, api.keys.all);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return { status, setStatus, q, setQ, list, items, stats };
}

export type ReviewQueueState<T> = ReturnType<typeof useReviewQueue<T>>;

/**
 * What a review action says when it ends. Given to the hook, not to `mutate`: the live list may
 * take the card (and the form that sent it) away before the answer arrives, and `mutate`'s own
 * callbacks are dropped with the component that called it.
 */
export interface ActionMessages {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/** One review action (accept, reject, reply …): when it ends, the whole queue is read again. */
export function useReviewAction<V>(
  api: ReviewQueueApi,
  request: (vars: V) => Promise<unknown>,
  messages: ActionMessages = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => messages.onSuccess?.(),
    onError: (error) => messages.onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: api.keys.all }),
  });
}

/** Spec §9: a change seen live reloads the list after 500 ms (several changes, one reload). */
const RELOAD_DELAY_MS = 500;

/**
 * Live updates from a server-sent event stream: any message reloads the queries under `queryKey`
 * (list, counts, the open row). The browser reconnects by itself after a dropped connection; a
 * reload then catches up what was missed.
 */
export function useLiveReload(url: string, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(url);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey }),
        RELOAD_DELAY_MS,
      );
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
  }, [queryClient, url, key]);
}
