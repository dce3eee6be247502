import { StrictMode, startTransition } from 'react';
import { BrowserRouter } from 'react-router';
import type { Me } from '#common/api/account.ts';
import { languageFromCookies } from '#common/language-cookie.ts';
import { AppErrorBoundary } from './app/error-screen.tsx';
import { createRoot, hydrateRoot } from './framework.ts';
import { Providers, queryClient } from './app/providers.tsx';
import { AppRoutes } from './app/router.tsx';
import { ME_QUERY_KEY } from './features/auth/api/get-me.ts';
import { readBootData } from './lib/boot-data.ts';

/**
 * Takes the page over (or draws it, when the server did not). It is called by start.ts in a task
 * of its own after this module and its imports are evaluated: on a slow phone each of the two is
 * a short task instead of one long one.
 */
export function boot(): void {
  const bootData = readBootData();
  // The account is known at once, so the page draws on the first render instead of after a spinner.
  const me = bootData.take<{ user: Me | null }>('/api/me');
  if (me) queryClient.setQueryData(ME_QUERY_KEY, me.user);

  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');

  // Drawn as the server drew it (web/entry-server.tsx): its language cookie and its clock.
  const app = (
    <StrictMode>
      <Providers
        bootData={bootData}
        lang={languageFromCookies(document.cookie)}
        renderedAt={Number(container.dataset.renderedAt) || Date.now()}
      >
        <BrowserRouter>
          <AppErrorBoundary>
            <AppRoutes />
          </AppErrorBoundary>
        </BrowserRouter>
      </Providers>
    </StrictMode>
  );

  if (container.hasChildNodes()) {
    // The server's HTML is on screen already: React takes it over instead of drawing it again.
    // A difference between the two is a bug (e2e/hydration.e2e.ts fails on it): it is logged.
    // It runs once the browser has painted that HTML (start.ts), in a transition, which React works
    // through in slices of a few milliseconds that let the phone answer a tap meanwhile (a click on a
    // part not yet taken over hydrates it at once).
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: (error, info) => console.error('Hydration error:', error, info.componentStack),
      });
    });
  } else {
    const root = createRoot(container);
    // A transition lets React draw the first page in short slices, so a slow phone stays responsive.
    startTransition(() => root.render(app));
  }
}
