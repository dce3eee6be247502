import { useT } from '../../../app/i18n.tsx';
import { PlaceholderPage } from '../../../components/page.tsx';

/** Media detail (/media/:id); the viewer comes with the media work. */
export function MediaDetailPage() {
  const t = useT();
  return <PlaceholderPage title={t('media.title', 'Media item')} />;
}
