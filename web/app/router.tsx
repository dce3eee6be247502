import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { type AdminPath, paths, ROUTES } from '#common/paths.ts';
import type { Action } from '#common/permissions.ts';
import { Spinner } from '../components/spinner.tsx';
import { HomePage } from '../features/gallery/routes/home-page.tsx';
import { ADMIN_SCREENS } from './admin-screens.ts';
import { BackOfficeTexts, useT } from './i18n.tsx';
import { RequireRole } from './require-role.tsx';
import { RootLayout } from './root-layout.tsx';

type Loader = () => Promise<{ default: ComponentType }>;

/** A page in its own chunk: `page(() => import(...), 'ExportName')`. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): Loader {
  return () => load().then((m) => ({ default: m[name] as ComponentType }));
}

/**
 * Back-office screens load on demand, so the public pages carry none of their code: the list of
 * their chunks is itself a chunk (admin-pages.ts), so the entry names one chunk, not one per screen.
 */
const adminPage =
  (path: AdminPath): Loader =>
  () =>
    import('./admin-pages.ts').then((m) => m.ADMIN_PAGES[path]());

function ScreenLoading() {
  const t = useT();
  return <Spinner text={t('app.loading_screen', 'Loading...')} />;
}

/**
 * The guard decides first, so a refused user never downloads the screen's code. A back-office
 * screen is drawn with the back-office's texts, which the public pages do not carry (i18n.tsx).
 */
function guardedScreen(action: Action, load: Loader, options: { loginPath?: string; backOffice?: boolean }) {
  const Screen = lazy(load);
  const screen = (
    <Suspense fallback={<ScreenLoading />}>
      <Screen />
    </Suspense>
  );
  return (
    <RequireRole action={action} loginPath={options.loginPath}>
      {options.backOffice ? <BackOfficeTexts fallback={<ScreenLoading />}>{screen}</BackOfficeTexts> : screen}
    </RequireRole>
  );
}

// The home page is in the entry chunk (it is the first page most visitors see); every other page
// is its own chunk, loaded on the way there, so / stays small. The layout holds the Suspense.
const AboutPage = lazy(page(() => import('../features/about/routes/about-page.tsx'), 'AboutPage'));
const MapPage = lazy(page(() => import('../features/map/routes/map-page.tsx'), 'MapPage'));
const SubmitPage = lazy(page(() => import('../features/submissions/routes/submit-page.tsx'), 'SubmitPage'));
const AdminLoginPage = lazy(
  page(() => import('../features/auth/routes/admin-login-page.tsx'), 'AdminLoginPage'),
);
const ResetPasswordPage = lazy(
  page(() => import('../features/auth/routes/reset-password-page.tsx'), 'ResetPasswordPage'),
);
const ContributorLoginPage = lazy(
  page(() => import('../features/auth/routes/contributor-login-page.tsx'), 'ContributorLoginPage'),
);
const ContributorRegisterPage = lazy(
  page(() => import('../features/auth/routes/contributor-register-page.tsx'), 'ContributorRegisterPage'),
);
const MediaDetailPage = lazy(
  page(() => import('../features/media/routes/media-detail-page.tsx'), 'MediaDetailPage'),
);
const SlideshowPlayerPage = lazy(
  page(() => import('../features/slideshows/routes/slideshow-player-page.tsx'), 'SlideshowPlayerPage'),
);
const PersonPage = lazy(page(() => import('../features/people/routes/person-page.tsx'), 'PersonPage'));
const contributorDashboard = guardedScreen(
  'contributor:dashboard',
  page(
    () => import('../features/contributor/routes/contributor-dashboard-page.tsx'),
    'ContributorDashboardPage',
  ),
  { loginPath: paths.contributorLogin },
);
const adminScreens = ADMIN_SCREENS.map((screen) => (
  <Route
    key={screen.path}
    path={screen.path}
    element={guardedScreen(screen.action, adminPage(screen.path), { backOffice: true })}
  />
));

/** Every route of both specs (public-site.md §2, admin-back-office.md §2), from common/paths.ts. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path={ROUTES.about} element={<AboutPage />} />
        <Route path={ROUTES.map} element={<MapPage />} />
        <Route path={ROUTES.submit} element={<SubmitPage />} />
        <Route path={ROUTES.login} element={<AdminLoginPage />} />
        <Route path={ROUTES.resetPassword} element={<ResetPasswordPage />} />
        <Route path={ROUTES.contributorLogin} element={<ContributorLoginPage />} />
        <Route path={ROUTES.contributorRegister} element={<ContributorRegisterPage />} />
        <Route path={ROUTES.contributorDashboard} element={contributorDashboard} />
        <Route
          path={ROUTES.legacyContributorLogin}
          element={<Navigate to={paths.contributorLogin} replace />}
        />
        <Route path={ROUTES.media} element={<MediaDetailPage />} />
        <Route path={ROUTES.slideshow} element={<SlideshowPlayerPage />} />
        <Route path={ROUTES.person} element={<PersonPage />} />
        {adminScreens}
        <Route path="*" element={<Navigate to={paths.home} replace />} />
      </Route>
    </Routes>
  );
}
