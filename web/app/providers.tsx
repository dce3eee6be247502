import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nProvider } from './i18n.tsx';

export const queryClient = new QueryClient({
  defaultOptions: {
    // One retry: a longer back-off would keep the 'Loading application...' screen up for seconds.
    queries: { retry: 1, staleTime: 30_000 },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>{children}</I18nProvider>
    </QueryClientProvider>
  );
}
