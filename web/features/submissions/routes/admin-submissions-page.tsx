import { useT } from '../../../app/i18n.tsx';
import { PlaceholderPage } from '../../../components/page.tsx';

/** Submissions review (/admin/submissions). */
export function AdminSubmissionsPage() {
  const t = useT();
  return <PlaceholderPage title={t('admin.submissions.title', 'Submissions review')} />;
}
