import { useT } from '../../../app/i18n.tsx';
import { PlaceholderPage } from '../../../components/page.tsx';

/** Profile of the signed-in staff member (/admin/profile). */
export function AdminProfilePage() {
  const t = useT();
  return <PlaceholderPage title={t('admin.profile.title', 'Profile')} />;
}
