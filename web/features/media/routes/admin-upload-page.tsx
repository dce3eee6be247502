import { useT } from '../../../app/i18n.tsx';
import { PlaceholderPage } from '../../../components/page.tsx';

/** Upload (/admin/media/upload). */
export function AdminUploadPage() {
  const t = useT();
  return <PlaceholderPage title={t('admin.upload.title', 'Upload')} />;
}
