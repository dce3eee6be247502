import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Button, primaryButton, secondaryButton } from '#web/components/button.tsx';

/** The item is missing or not public (404), or its id is malformed (400). */
export function MediaNotFound() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{t('media.not_found.title', 'Media Not Found')}</h1>
      <p className="mt-3 text-slate-700">{t('media.not_found.text', 'Media not found or not public')}</p>
      <Button className={`${primaryButton} mt-6`} onClick={() => navigate(paths.home)}>
        <ArrowLeft aria-hidden="true" className="size-5" />
        {t('media.back_to_gallery', 'Back to Gallery')}
      </Button>
    </div>
  );
}

/** The item could not be loaded: try again, or back to the gallery. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-900">{t('media.title', 'Media item')}</h1>
      <Alert tone="error">{t('media.load_failed', 'Failed to load media item')}</Alert>
      <div className="flex gap-3">
        <Button className={secondaryButton} onClick={onRetry}>
          {t('media.retry', 'Try again')}
        </Button>
        <Link to={paths.home} className={secondaryButton}>
          {t('media.back_to_gallery', 'Back to Gallery')}
        </Link>
      </div>
    </div>
  );
}
