import { Outlet, ScrollRestoration } from 'react-router';
import { FullScreenSpinner } from '../components/spinner.tsx';
import { useMe } from '../features/auth/api/get-me.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { useT } from './i18n.tsx';

/** The shell around every page: skip link, header, the page's <main>, footer. */
export function RootLayout() {
  const t = useT();
  const { isPending } = useMe();
  if (isPending) return <FullScreenSpinner text={t('app.loading', 'Loading application...')} />;

  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <a
        href="#main-content"
        className="sr-only rounded bg-blue-700 px-4 py-2 font-medium text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        {t('nav.skip', 'Skip to content')}
      </a>
      <Header />
      <main id="main-content" tabIndex={-1} className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
