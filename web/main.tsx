import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppErrorBoundary } from './app/error-screen.tsx';
import type { Me } from '#common/api.ts';
import { Providers, queryClient } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { ME_QUERY_KEY } from './features/auth/api/get-me.ts';
import { readBootData, takeBootData } from './lib/boot-data.ts';
import './styles.css';

readBootData();
// The account is known at once, so the page draws on the first render instead of after a spinner.
const me = takeBootData<{ user: Me | null }>('/api/me');
if (me) queryClient.setQueryData(ME_QUERY_KEY, me.user);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const root = createRoot(container);
// A transition lets React draw the first page in short slices, so a slow phone stays responsive.
startTransition(() =>
  root.render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppErrorBoundary>
            <AppRoutes />
          </AppErrorBoundary>
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  ),
);
