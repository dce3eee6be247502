import { LoaderCircle } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '#web/app/document-title.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Button, primaryButton, secondaryButton } from '#web/components/button.tsx';
import { Page } from '#web/components/page.tsx';
import { useMissingItem } from '#web/lib/boot-data.ts';
import { slideshowPath, useSlideshow } from '../api/get-slideshow.ts';
import { SlideshowPlayer } from '../components/slideshow-player.tsx';

/** Slideshow player (/slideshow/:id, public-site.md §2, §4, §8). */
export function SlideshowPlayerPage() {
  const t = useT();
  const { id = '' } = useParams();
  const query = useSlideshow(id);
  // A malformed id (400) cannot name a slideshow either.
  const notFound = useMissingItem(slideshowPath(id), query);
  useDocumentTitle(
    query.data?.title ?? (notFound ? t('slideshow.not_found_title', 'Slideshow Not Found') : null),
  );

  if (notFound) {
    return (
      <Page title={t('slideshow.not_found_title', 'Slideshow Not Found')}>
        <p className="text-slate-700">{t('slideshow.not_found', 'Slideshow not found or not public')}</p>
        <Link to="/" className={`${primaryButton} mt-6`}>
          {t('slideshow.back', 'Back to Gallery')}
        </Link>
      </Page>
    );
  }
  if (query.isPending) {
    return (
      <div
        role="status"
        className="fixed inset-0 z-50 flex items-center justify-center gap-3 bg-black text-white"
      >
        <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
        <span>{t('slideshow.loading', 'Loading slideshow...')}</span>
      </div>
    );
  }

  if (query.isError) {
    const { error } = query;
    return (
      <Page title={t('slideshow.error_title', 'Slideshow')}>
        <Alert tone="error" title={t('slideshow.load_failed', 'Failed to load slideshow')}>
          {error.message}
        </Alert>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={() => query.refetch()}>{t('slideshow.retry', 'Try Again')}</Button>
          <Link to="/" className={secondaryButton}>
            {t('slideshow.back', 'Back to Gallery')}
          </Link>
        </div>
      </Page>
    );
  }

  return <SlideshowPlayer key={query.data.id} slideshow={query.data} />;
}
