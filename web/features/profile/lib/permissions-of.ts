import type { Role } from '#common/roles.ts';
import type { Translate } from '#web/app/i18n.tsx';

/** What each role may do (admin-back-office.md §6), as the profile page lists it. */
export function permissionsOf(role: Role, t: Translate): string[] {
  const content = [
    t('admin.profile.perm.media', 'Upload and manage media'),
    t('admin.profile.perm.submissions', 'Review submissions'),
    t('admin.profile.perm.organise', 'Organise folders and categories'),
    t('admin.profile.perm.documents', 'Manage documents and slideshows'),
    t('admin.profile.perm.profile', 'Edit your own profile'),
  ];
  const dashboard = t('admin.profile.perm.dashboard', 'View the dashboard and activity log');
  switch (role) {
    case 'admin':
      return [
        dashboard,
        ...content,
        t('admin.profile.perm.settings', 'Change site settings and the watermark'),
        t('admin.profile.perm.users', 'Manage users'),
        t('admin.profile.perm.translations', 'Manage translations'),
      ];
    case 'editor':
      return [dashboard, ...content];
    case 'viewer':
      return [dashboard];
    case 'public':
      return [t('admin.profile.perm.contribute', 'Submit items to the archive')];
  }
}
