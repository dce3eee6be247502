import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import type { Action } from '../../common/permissions.ts';
import { Spinner } from '../components/spinner.tsx';
import { HomePage } from '../features/gallery/routes/home-page.tsx';
import { ADMIN_SCREENS } from './admin-screens.ts';
import { RouteErrorScreen } from './error-screen.tsx';
import { useT } from './i18n.tsx';
import { RequireRole } from './require-role.tsx';
import { RootLayout } from './root-layout.tsx';

type Loader = () => Promise<{ default: ComponentType }>;
type AdminPath = (typeof ADMIN_SCREENS)[number]['path'];

/** Back-office screens load on demand, so the public pages carry none of their code. */
const ADMIN_PAGES: Record<AdminPath, Loader> = {
  '/admin': () =>
    import('../features/dashboard/routes/admin-dashboard-page.tsx').then((m) => ({
      default: m.AdminDashboardPage,
    })),
  '/admin/media': () =>
    import('../features/media/routes/admin-media-page.tsx').then((m) => ({ default: m.AdminMediaPage })),
  '/admin/media/upload': () =>
    import('../features/media/routes/admin-upload-page.tsx').then((m) => ({ default: m.AdminUploadPage })),
  '/admin/submissions': () =>
    import('../features/submissions/routes/admin-submissions-page.tsx').then((m) => ({
      default: m.AdminSubmissionsPage,
    })),
  '/admin/categories': () =>
    import('../features/categories/routes/admin-categories-page.tsx').then((m) => ({
      default: m.AdminCategoriesPage,
    })),
  '/admin/documents': () =>
    import('../features/documents/routes/admin-documents-page.tsx').then((m) => ({
      default: m.AdminDocumentsPage,
    })),
  '/admin/slideshows': () =>
    import('../features/slideshows/routes/admin-slideshows-page.tsx').then((m) => ({
      default: m.AdminSlideshowsPage,
    })),
  '/admin/profile': () =>
    import('../features/profile/routes/admin-profile-page.tsx').then((m) => ({
      default: m.AdminProfilePage,
    })),
  '/admin/settings': () =>
    import('../features/settings/routes/admin-settings-page.tsx').then((m) => ({
      default: m.AdminSettingsPage,
    })),
  '/admin/users': () =>
    import('../features/users/routes/admin-users-page.tsx').then((m) => ({ default: m.AdminUsersPage })),
  '/admin/translations': () =>
    import('../features/translations/routes/admin-translations-page.tsx').then((m) => ({
      default: m.AdminTranslationsPage,
    })),
  '/admin/watermark': () =>
    import('../features/watermark/routes/admin-watermark-page.tsx').then((m) => ({
      default: m.AdminWatermarkPage,
    })),
};

function ScreenLoading() {
  const t = useT();
  return <Spinner text={t('app.loading_screen', 'Loading...')} />;
}

/** The guard decides first, so a refused user never downloads the screen's code. */
function guardedScreen(action: Action, load: Loader) {
  const Screen = lazy(load);
  return (
    <RequireRole action={action}>
      <Suspense fallback={<ScreenLoading />}>
        <Screen />
      </Suspense>
    </RequireRole>
  );
}

export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      // The home page is in the entry chunk (it is the first page most visitors see); every
      // other page loads its own chunk on the way there, so / stays small.
      { index: true, element: <HomePage /> },
      {
        path: 'about',
        lazy: () =>
          import('../features/about/routes/about-page.tsx').then((m) => ({ Component: m.AboutPage })),
      },
      {
        path: 'submit',
        lazy: () =>
          import('../features/submissions/routes/submit-page.tsx').then((m) => ({ Component: m.SubmitPage })),
      },
      {
        path: 'login',
        lazy: () =>
          import('../features/auth/routes/admin-login-page.tsx').then((m) => ({
            Component: m.AdminLoginPage,
          })),
      },
      {
        path: 'reset-password',
        lazy: () =>
          import('../features/auth/routes/reset-password-page.tsx').then((m) => ({
            Component: m.ResetPasswordPage,
          })),
      },
      {
        path: 'contributor/login',
        lazy: () =>
          import('../features/auth/routes/contributor-login-page.tsx').then((m) => ({
            Component: m.ContributorLoginPage,
          })),
      },
      {
        path: 'contributor/register',
        lazy: () =>
          import('../features/auth/routes/contributor-register-page.tsx').then((m) => ({
            Component: m.ContributorRegisterPage,
          })),
      },
      {
        path: 'contributor/dashboard',
        lazy: () =>
          import('../features/contributor/routes/contributor-dashboard-page.tsx').then(
            ({ ContributorDashboardPage }) => ({
              Component: () => (
                <RequireRole action="contributor:dashboard" loginPath="/contributor/login">
                  <ContributorDashboardPage />
                </RequireRole>
              ),
            }),
          ),
      },
      { path: 'contributor-login', element: <Navigate to="/contributor/login" replace /> },
      {
        path: 'media/:id',
        lazy: () =>
          import('../features/media/routes/media-detail-page.tsx').then((m) => ({
            Component: m.MediaDetailPage,
          })),
      },
      {
        path: 'slideshow/:id',
        lazy: () =>
          import('../features/slideshows/routes/slideshow-player-page.tsx').then((m) => ({
            Component: m.SlideshowPlayerPage,
          })),
      },
      ...ADMIN_SCREENS.map((screen) => ({
        path: screen.path,
        element: guardedScreen(screen.action, ADMIN_PAGES[screen.path]),
      })),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
