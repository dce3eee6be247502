import { useT } from '../../../app/i18n.tsx';
import { PlaceholderPage } from '../../../components/page.tsx';

/** Slideshows (/admin/slideshows). */
export function AdminSlideshowsPage() {
  const t = useT();
  return <PlaceholderPage title={t('admin.slideshows.title', 'Slideshows')} />;
}
