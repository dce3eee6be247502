import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { ME_QUERY_KEY } from './get-me.ts';

export async function signOut(): Promise<void> {
  await apiFetch('/api/auth/sign-out', { method: 'POST', body: {} });
}

/**
 * Signs out. The local state is cleared even when the call fails (public-site.md §4); we then
 * skip re-reading the account, which could bring the still-valid session back on screen. A plain
 * hook, not a TanStack mutation: the header is in every page's first load, and the mutation
 * machinery would be there only for this (e2e/bundle.e2e.ts).
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const run = async () => {
    let signedOut = false;
    try {
      await signOut();
      signedOut = true;
    } finally {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
      queryClient.setQueryData(ME_QUERY_KEY, null);
      if (signedOut) await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    }
  };
  /** As a mutation's `mutate`: a failure is not thrown (the state is cleared all the same). */
  const mutate = (_variables?: undefined, options?: { onSettled?: () => void }) => {
    setPending(true);
    run()
      .catch(() => {})
      .finally(() => {
        setPending(false);
        options?.onSettled?.();
      });
  };
  return { mutate, isPending };
}
