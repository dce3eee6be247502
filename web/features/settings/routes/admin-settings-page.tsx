import { useT } from '../../../app/i18n.tsx';
import { PlaceholderPage } from '../../../components/page.tsx';

/** Site settings (/admin/settings), admin only. */
export function AdminSettingsPage() {
  const t = useT();
  return <PlaceholderPage title={t('admin.settings.title', 'Site settings')} />;
}
