import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ME_QUERY_KEY } from '../features/auth/api/get-me.ts';
import { ApiRequestError } from '../lib/api-fetch.ts';
import { I18nProvider } from './i18n.tsx';

/**
 * The one place a lost session is handled: when any query or mutation is answered 401, the
 * session has ended (expired, signed out elsewhere, account deactivated), so the cached account is
 * cleared and the route guard (require-role.tsx) sends the user to sign in with ?next= this page.
 * A guest's 401 (a wrong password at sign-in) changes nothing: the account is null already.
 */
export function onApiError(client: QueryClient, error: unknown) {
  if (!(error instanceof ApiRequestError) || error.status !== 401) return;
  if (client.getQueryData(ME_QUERY_KEY) == null) return;
  client.setQueryData(ME_QUERY_KEY, null);
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error) => onApiError(queryClient, error) }),
  mutationCache: new MutationCache({ onError: (error) => onApiError(queryClient, error) }),
  defaultOptions: {
    // One retry: a longer back-off would keep the 'Loading application...' screen up for seconds.
    // A 401 or 403 will not change by asking again.
    queries: {
      retry: (failures, error) =>
        failures < 1 && !(error instanceof ApiRequestError && (error.status === 401 || error.status === 403)),
      staleTime: 30_000,
    },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>{children}</I18nProvider>
    </QueryClientProvider>
  );
}
