import {
  type DefaultOptions,
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Language } from '#common/enums.ts';
import { ME_QUERY_KEY } from '../features/auth/api/get-me.ts';
import { ApiRequestError } from '../lib/api-fetch.ts';
import { type BootData, BootDataContext } from '../lib/boot-data.ts';
import { I18nProvider } from './i18n.tsx';
import { RenderTimeContext } from './render-time.ts';

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

const QUERY_DEFAULTS: DefaultOptions = {
  // One retry: a longer back-off would keep the 'Loading application...' screen up for seconds.
  // A 401 or 403 will not change by asking again.
  queries: {
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ApiRequestError && (error.status === 401 || error.status === 403)),
    staleTime: 30_000,
  },
};

/** The browser's one client, and one per page the server renders (web/entry-server.tsx). */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onApiError(client, error) }),
    mutationCache: new MutationCache({ onError: (error) => onApiError(client, error) }),
    defaultOptions: QUERY_DEFAULTS,
  });
  return client;
}

export const queryClient: QueryClient = createQueryClient();

/**
 * What every page is drawn with, the same in the browser and on the server: the query client, the
 * answers embedded in the page, the visitor's language (its cookie) and the time the page was
 * rendered (so nothing reads the clock while drawing, and the browser draws what the server did).
 */
export function Providers({
  client = queryClient,
  bootData,
  lang,
  renderedAt,
  children,
}: {
  client?: QueryClient;
  bootData: BootData;
  lang: Language;
  renderedAt: number;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      <BootDataContext value={bootData}>
        <RenderTimeContext value={renderedAt}>
          <I18nProvider initialLang={lang}>{children}</I18nProvider>
        </RenderTimeContext>
      </BootDataContext>
    </QueryClientProvider>
  );
}
