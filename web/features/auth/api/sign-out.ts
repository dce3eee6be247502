import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { ME_QUERY_KEY } from './get-me.ts';

export async function signOut(): Promise<void> {
  await apiFetch('/api/auth/sign-out', { method: 'POST', body: {} });
}

/**
 * Signs out. The local state is cleared even when the call fails (public-site.md §4); we then
 * skip re-reading the account, which could bring the still-valid session back on screen.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      let signedOut = false;
      try {
        await signOut();
        signedOut = true;
      } finally {
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
        queryClient.setQueryData(ME_QUERY_KEY, null);
        if (signedOut) await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      }
    },
  });
}
