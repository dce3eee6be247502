import { ADMIN_ROUTES } from '#common/paths.ts';
import { type Actor, type Action, can } from '#common/permissions.ts';

/**
 * The back-office screens (admin-back-office.md §2, and the activity log) with the permission each
 * needs. The header, the dashboard and the router read this list; it holds no screen code, so
 * public pages stay free of admin code.
 */
export const ADMIN_SCREENS = [
  { path: ADMIN_ROUTES.dashboard, key: 'admin.nav.dashboard', label: 'Dashboard', action: 'admin:dashboard' },
  {
    path: ADMIN_ROUTES.media,
    key: 'admin.nav.media',
    label: 'Media management',
    action: 'media:manage',
    denied: ['guard.denied.media', "You don't have permission to manage media."],
  },
  {
    path: ADMIN_ROUTES.upload,
    key: 'admin.nav.upload',
    label: 'Upload',
    action: 'media:manage',
    denied: ['guard.denied.upload', "You don't have permission to upload media."],
  },
  {
    path: ADMIN_ROUTES.submissions,
    key: 'admin.nav.submissions',
    label: 'Submissions review',
    action: 'submission:review',
    denied: ['guard.denied.submissions', "You don't have permission to manage submissions."],
  },
  {
    path: ADMIN_ROUTES.knowledge,
    key: 'admin.nav.knowledge',
    label: 'What visitors told',
    action: 'submission:review',
    denied: ['guard.denied.submissions', "You don't have permission to manage submissions."],
  },
  {
    path: ADMIN_ROUTES.personSuggestions,
    key: 'admin.nav.person_suggestions',
    label: 'Names for people on photos',
    action: 'submission:review',
    denied: ['guard.denied.submissions', "You don't have permission to manage submissions."],
  },
  {
    path: ADMIN_ROUTES.people,
    key: 'admin.nav.people',
    label: 'People',
    action: 'media:manage',
    denied: ['guard.denied.media', "You don't have permission to manage media."],
  },
  {
    path: ADMIN_ROUTES.categories,
    key: 'admin.nav.categories',
    label: 'Categories',
    action: 'category:manage',
  },
  {
    path: ADMIN_ROUTES.places,
    key: 'admin.nav.places',
    label: 'Places',
    action: 'place:manage',
    denied: ['guard.denied.places', "You don't have permission to manage places."],
  },
  {
    path: ADMIN_ROUTES.documents,
    key: 'admin.nav.documents',
    label: 'Documents',
    action: 'document:manage',
    denied: ['guard.denied.documents', "You don't have permission to manage documents."],
  },
  {
    path: ADMIN_ROUTES.slideshows,
    key: 'admin.nav.slideshows',
    label: 'Slideshows',
    action: 'slideshow:manage',
    denied: ['guard.denied.slideshows', "You don't have permission to manage slideshows."],
  },
  { path: ADMIN_ROUTES.profile, key: 'admin.nav.profile', label: 'Profile', action: 'profile:update-own' },
  {
    path: ADMIN_ROUTES.settings,
    key: 'admin.nav.settings',
    label: 'Site settings',
    action: 'settings:manage',
    denied: ['guard.denied.settings', 'Only administrators can access site settings.'],
  },
  {
    path: ADMIN_ROUTES.users,
    key: 'admin.nav.users',
    label: 'Users',
    action: 'user:manage',
    denied: ['guard.denied.users', 'Only administrators can manage users.'],
  },
  {
    path: ADMIN_ROUTES.translations,
    key: 'admin.nav.translations',
    label: 'Translations',
    action: 'translation:manage',
    denied: ['guard.denied.translations', 'Only administrators can manage translations.'],
  },
  {
    path: ADMIN_ROUTES.watermark,
    key: 'admin.nav.watermark',
    label: 'Watermark settings',
    action: 'watermark:manage',
    denied: ['guard.denied.watermark', 'Only administrators can manage watermark settings.'],
  },
  { path: ADMIN_ROUTES.activity, key: 'admin.nav.activity', label: 'Activity log', action: 'activity:read' },
] as const satisfies readonly {
  path: string;
  key: string;
  label: string;
  action: Action;
  /** The spec's 'Access Denied' line for this screen (§6): its text key and English text. */
  denied?: readonly [key: string, text: string];
}[];

export type AdminScreen = (typeof ADMIN_SCREENS)[number];

/** The screen at this path, if it is one of the back-office's. */
export function adminScreenAt(pathname: string): AdminScreen | undefined {
  return ADMIN_SCREENS.find((screen) => screen.path === pathname);
}

export function adminScreensFor(actor: Actor): AdminScreen[] {
  return ADMIN_SCREENS.filter((screen) => can(actor, screen.action));
}
