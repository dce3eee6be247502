/**
 * The query keys of one feature, built one way everywhere, so a change can invalidate exactly
 * what it touched: `activityKeys.all` (everything), `.lists()` (every list, whatever its filters),
 * `.list(params)` (one list), `.detail(id)`.
 *
 *   export const activityKeys = queryKeys('activity');
 *   useQuery({ queryKey: activityKeys.list(params), ... });
 *   queryClient.invalidateQueries({ queryKey: activityKeys.lists() });
 */
export function queryKeys<const N extends string>(feature: N) {
  return {
    all: [feature] as const,
    lists: () => [feature, 'list'] as const,
    list: <P extends object>(params: P) => [feature, 'list', params] as const,
    details: () => [feature, 'detail'] as const,
    detail: (id: string) => [feature, 'detail', id] as const,
  };
}
