import { useT } from '../../../app/i18n.tsx';
import { PlaceholderPage } from '../../../components/page.tsx';

/** Categories (/admin/categories). */
export function AdminCategoriesPage() {
  const t = useT();
  return <PlaceholderPage title={t('admin.categories.title', 'Categories')} />;
}
