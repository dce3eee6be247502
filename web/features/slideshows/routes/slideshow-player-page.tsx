import { useT } from '../../../app/i18n.tsx';
import { PlaceholderPage } from '../../../components/page.tsx';

/** Slideshow player (/slideshow/:id); the player comes with the slideshows work. */
export function SlideshowPlayerPage() {
  const t = useT();
  return <PlaceholderPage title={t('slideshow.title', 'Slideshow')} />;
}
