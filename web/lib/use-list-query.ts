import { keepPreviousData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ListPage } from '#common/list.ts';

/**
 * One staff list read page by page with the API's keyset paging (common/list.ts): the first page
 * starts at `cursor` (the URL's, usually none), `fetchNextPage` appends the page at `nextCursor`
 * ('Load more'). `items` are all pages loaded so far and `total` every matching row, for
 * 'Showing X of Y'. While new filters load, the previous rows stay on screen (`isPlaceholderData`).
 */
export function useListQuery<T>({
  queryKey,
  fetchPage,
  cursor = null,
  refetchWhile,
}: {
  /** From the feature's key factory: `activityKeys.list(params)`. */
  queryKey: QueryKey;
  fetchPage: (cursor: string | null, signal: AbortSignal) => Promise<ListPage<T>>;
  cursor?: string | null;
  /** Asked again every few seconds while an item on screen is still changing (work in progress). */
  refetchWhile?: (item: T) => boolean;
}) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: cursor,
    getNextPageParam: (last: ListPage<T>) => last.nextCursor,
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhile
      ? (q) => (q.state.data?.pages.some((page) => page.items.some(refetchWhile)) ? 3000 : false)
      : undefined,
  });
  const pages = query.data?.pages;
  const items = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);
  const total = pages?.[pages.length - 1]?.total ?? 0;
  return { ...query, items, total };
}
