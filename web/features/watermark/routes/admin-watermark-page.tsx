import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Button, secondaryButton } from '#web/components/button.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useWatermarkSettings } from '../api/watermark.ts';
import { WatermarkForm } from '../components/watermark-form.tsx';

/** Watermark settings (/admin/watermark), admin only: the form of §5 with a live preview and notes. */
export function AdminWatermarkPage() {
  const t = useT();
  const errorText = useErrorText();
  const settings = useWatermarkSettings();

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">
        {t('admin.watermark.title', 'Watermark settings')}
      </h1>
      <p className="mt-1 text-slate-700">
        {t(
          'admin.watermark.intro',
          'Choose how the watermark on the public copies of images looks. The preview updates as you change the form.',
        )}
      </p>
      <div className="mt-6">
        {settings.isPending ? (
          <Spinner text={t('admin.watermark.loading', 'Loading watermark settings...')} />
        ) : settings.error ? (
          // Shown, where the spec keeps load errors silent (a deliberate choice, issue 30): a form
          // of defaults saved over settings that did not load would change every new watermark.
          <Alert tone="error" title={t('admin.watermark.load_failed', 'Failed to load watermark settings')}>
            <p>{errorText(settings.error)}</p>
            <Button className={`${secondaryButton} mt-3`} onClick={() => settings.refetch()}>
              {t('admin.watermark.retry', 'Try Again')}
            </Button>
          </Alert>
        ) : (
          <WatermarkForm settings={settings.data} />
        )}
      </div>
    </div>
  );
}
