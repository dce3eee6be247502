import { useRef } from 'react';

/**
 * Where the open submission is in the list, and the ones before and after it. Once reviewed it may
 * leave a filtered list, and Next then goes on with the one that took its place.
 */
export function useDetailsNavigation(rows: readonly { id: string }[], openId: string | null) {
  const lastIndex = useRef(0);
  const index = openId ? rows.findIndex((row) => row.id === openId) : -1;
  if (index >= 0) lastIndex.current = index;
  const nextIndex = index >= 0 ? index + 1 : lastIndex.current;
  const previousIndex = index >= 0 ? index - 1 : lastIndex.current - 1;
  const nextId = openId && nextIndex < rows.length ? rows[nextIndex]!.id : null;
  const previousId = openId && previousIndex >= 0 ? (rows[previousIndex]?.id ?? null) : null;
  return { index, nextId, previousId };
}
