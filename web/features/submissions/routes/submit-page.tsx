import { useT } from '../../../app/i18n.tsx';
import { PlaceholderPage } from '../../../components/page.tsx';

/** Anonymous submission form (/submit); the form comes with the submissions work. */
export function SubmitPage() {
  const t = useT();
  return <PlaceholderPage title={t('submit.title', 'Send tilfar')} />;
}
