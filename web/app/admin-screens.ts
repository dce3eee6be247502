import { type Actor, type Action, can } from '../../common/permissions.ts';

/**
 * The back-office screens (admin-back-office.md §2) with the permission each needs. The header,
 * the dashboard and the router read this list; it holds no screen code, so public pages stay
 * free of admin code.
 */
export const ADMIN_SCREENS = [
  { path: '/admin', key: 'admin.nav.dashboard', label: 'Dashboard', action: 'admin:dashboard' },
  { path: '/admin/media', key: 'admin.nav.media', label: 'Media management', action: 'media:manage' },
  { path: '/admin/media/upload', key: 'admin.nav.upload', label: 'Upload', action: 'media:manage' },
  {
    path: '/admin/submissions',
    key: 'admin.nav.submissions',
    label: 'Submissions review',
    action: 'submission:review',
  },
  { path: '/admin/categories', key: 'admin.nav.categories', label: 'Categories', action: 'category:manage' },
  { path: '/admin/documents', key: 'admin.nav.documents', label: 'Documents', action: 'document:manage' },
  { path: '/admin/slideshows', key: 'admin.nav.slideshows', label: 'Slideshows', action: 'slideshow:manage' },
  { path: '/admin/profile', key: 'admin.nav.profile', label: 'Profile', action: 'profile:update-own' },
  { path: '/admin/settings', key: 'admin.nav.settings', label: 'Site settings', action: 'settings:manage' },
  { path: '/admin/users', key: 'admin.nav.users', label: 'Users', action: 'user:manage' },
  {
    path: '/admin/translations',
    key: 'admin.nav.translations',
    label: 'Translations',
    action: 'translation:manage',
  },
  {
    path: '/admin/watermark',
    key: 'admin.nav.watermark',
    label: 'Watermark settings',
    action: 'watermark:manage',
  },
] as const satisfies readonly { path: string; key: string; label: string; action: Action }[];

export type AdminScreen = (typeof ADMIN_SCREENS)[number];

export function adminScreensFor(actor: Actor): AdminScreen[] {
  return ADMIN_SCREENS.filter((screen) => can(actor, screen.action));
}
