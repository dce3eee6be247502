import { useT } from '../../../app/i18n.tsx';
import { PlaceholderPage } from '../../../components/page.tsx';

/** Users (/admin/users), admin only. */
export function AdminUsersPage() {
  const t = useT();
  return <PlaceholderPage title={t('admin.users.title', 'Users')} />;
}
