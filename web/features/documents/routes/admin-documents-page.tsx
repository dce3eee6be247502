import { useT } from '../../../app/i18n.tsx';
import { PlaceholderPage } from '../../../components/page.tsx';

/** Documents (/admin/documents). */
export function AdminDocumentsPage() {
  const t = useT();
  return <PlaceholderPage title={t('admin.documents.title', 'Documents')} />;
}
