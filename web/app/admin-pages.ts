import type { ComponentType } from 'react';
import { ADMIN_ROUTES, type AdminPath } from '#common/paths.ts';

type Loader = () => Promise<{ default: ComponentType }>;

/** Each back-office screen's chunk (web/app/router.tsx loads this list itself on demand). */
export const ADMIN_PAGES: Record<AdminPath, Loader> = {
  [ADMIN_ROUTES.dashboard]: () =>
    import('../features/dashboard/routes/admin-dashboard-page.tsx').then((m) => ({
      default: m.AdminDashboardPage,
    })),
  [ADMIN_ROUTES.media]: () =>
    import('../features/media/routes/admin-media-page.tsx').then((m) => ({ default: m.AdminMediaPage })),
  [ADMIN_ROUTES.upload]: () =>
    import('../features/media/routes/admin-upload-page.tsx').then((m) => ({ default: m.AdminUploadPage })),
  [ADMIN_ROUTES.submissions]: () =>
    import('../features/submissions/routes/admin-submissions-page.tsx').then((m) => ({
      default: m.AdminSubmissionsPage,
    })),
  [ADMIN_ROUTES.knowledge]: () =>
    import('../features/knowledge/routes/admin-knowledge-page.tsx').then((m) => ({
      default: m.AdminKnowledgePage,
    })),
  [ADMIN_ROUTES.people]: () =>
    import('../features/people/routes/admin-people-page.tsx').then((m) => ({ default: m.AdminPeoplePage })),
  [ADMIN_ROUTES.personSuggestions]: () =>
    import('../features/people/routes/admin-person-suggestions-page.tsx').then((m) => ({
      default: m.AdminPersonSuggestionsPage,
    })),
  [ADMIN_ROUTES.categories]: () =>
    import('../features/categories/routes/admin-categories-page.tsx').then((m) => ({
      default: m.AdminCategoriesPage,
    })),
  [ADMIN_ROUTES.places]: () =>
    import('../features/places/routes/admin-places-page.tsx').then((m) => ({ default: m.AdminPlacesPage })),
  [ADMIN_ROUTES.documents]: () =>
    import('../features/documents/routes/admin-documents-page.tsx').then((m) => ({
      default: m.AdminDocumentsPage,
    })),
  [ADMIN_ROUTES.slideshows]: () =>
    import('../features/slideshows/routes/admin-slideshows-page.tsx').then((m) => ({
      default: m.AdminSlideshowsPage,
    })),
  [ADMIN_ROUTES.profile]: () =>
    import('../features/profile/routes/admin-profile-page.tsx').then((m) => ({
      default: m.AdminProfilePage,
    })),
  [ADMIN_ROUTES.settings]: () =>
    import('../features/settings/routes/admin-settings-page.tsx').then((m) => ({
      default: m.AdminSettingsPage,
    })),
  [ADMIN_ROUTES.users]: () =>
    import('../features/users/routes/admin-users-page.tsx').then((m) => ({ default: m.AdminUsersPage })),
  [ADMIN_ROUTES.translations]: () =>
    import('../features/translations/routes/admin-translations-page.tsx').then((m) => ({
      default: m.AdminTranslationsPage,
    })),
  [ADMIN_ROUTES.watermark]: () =>
    import('../features/watermark/routes/admin-watermark-page.tsx').then((m) => ({
      default: m.AdminWatermarkPage,
    })),
  [ADMIN_ROUTES.activity]: () =>
    import('../features/activity/routes/admin-activity-page.tsx').then((m) => ({
      default: m.AdminActivityPage,
    })),
};
