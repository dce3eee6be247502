import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useMatch } from 'react-router';
import { FullScreenSpinner } from '../components/spinner.tsx';
import { useMe } from '../features/auth/api/get-me.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { useT } from './i18n.tsx';
import { useScrollRestoration } from './scroll-restoration.ts';

// Only the back-office's screens toast: its chunk is no part of a public page's first load.
const Toaster = lazy(() => import('../components/toaster.tsx').then((m) => ({ default: m.Toaster })));

/**
 * The shell around every page: skip link, header, the page's <main>, footer. The slideshow player
 * is full-screen (public-site.md §2), so there the header and footer step aside entirely rather
 * than sit hidden behind it where keyboard and screen-reader users would still meet them.
 */
export function RootLayout() {
  const t = useT();
  const { isPending } = useMe();
  const fullScreen = useMatch('/slideshow/:id') !== null;
  const backOffice = useMatch('/admin/*') !== null;
  useScrollRestoration();
  if (isPending) return <FullScreenSpinner text={t('app.loading', 'Loading application...')} />;

  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      {!fullScreen && (
        <>
          <a
            href="#main-content"
            className="sr-only rounded bg-blue-700 px-4 py-2 font-medium text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
          >
            {t('nav.skip', 'Skip to content')}
          </a>
          <Header />
        </>
      )}
      {/* At least a screen tall, so the footer starts below the fold and never jumps as a page loads. */}
      <main id="main-content" tabIndex={-1} className="min-h-svh flex-1">
        {/* A page's own chunk is on its way: the header stays, the page area waits quietly. */}
        <Suspense fallback={null}>
          <Outlet />
          <PageReady />
        </Suspense>
      </main>
      {!fullScreen && <Footer />}
      {backOffice && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </div>
  );
}

/**
 * Marks the document (`<html data-page-ready>`) once the page in the boundary above is live: over
 * the server's HTML, a boundary is taken over whole, so this runs only when the page's own chunk
 * has arrived and its buttons answer. Draws nothing. (The browser journeys wait for it before they
 * click: a click on server HTML before then does nothing, as for a visitor on a slow line.)
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.pageReady = '';
  }, []);
  return null;
}
