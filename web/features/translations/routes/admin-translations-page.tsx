import { useT } from '../../../app/i18n.tsx';
import { PlaceholderPage } from '../../../components/page.tsx';

/** Translations (/admin/translations), admin only. */
export function AdminTranslationsPage() {
  const t = useT();
  return <PlaceholderPage title={t('admin.translations.title', 'Translations')} />;
}
