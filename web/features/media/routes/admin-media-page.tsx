import { useT } from '../../../app/i18n.tsx';
import { PlaceholderPage } from '../../../components/page.tsx';

/** Media management (/admin/media). */
export function AdminMediaPage() {
  const t = useT();
  return <PlaceholderPage title={t('admin.media.title', 'Media management')} />;
}
