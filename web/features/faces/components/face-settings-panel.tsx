import { useT } from '#web/app/i18n.tsx';
import { primaryButton, secondaryButton } from '#web/components/button.tsx';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useFaceSettings, useSaveFaceSettings } from '../api/face-settings.ts';

/**
 * Face suggestions on the site settings screen (issue 29 §3): on or off, and how far the job has
 * got. Switching off asks first: it deletes every stored face description and every suggestion
 * staff have not taken.
 */
export function FaceSettingsPanel() {
  const t = useT();
  const errorText = useErrorText();
  const { data, error } = useFaceSettings();
  const save = useSaveFaceSettings();
  const change = (enabled: boolean) =>
    save.mutate(enabled, {
      onSuccess: () =>
        toast.success(
          enabled
            ? t(
                'admin.faces.switched_on',
                'Face suggestions are on: older images are looked at in the background.',
              )
            : t('admin.faces.switched_off', 'Face suggestions are off; what they stored is deleted.'),
        ),
      onError: (failure) =>
        toast.error(
          errorText(failure, { '*': t('admin.faces.save_failed', 'Could not change face suggestions.') }),
        ),
    });
  return (
    <section
      aria-labelledby="face-suggestions-heading"
      className="mt-8 grid gap-3 rounded-lg border border-slate-200 bg-white p-4"
      data-face-settings
    >
      <h2 id="face-suggestions-heading" className="text-lg font-semibold text-slate-900">
        {t('admin.faces.title', 'Face suggestions')}
      </h2>
      <p className="text-sm text-slate-700">
        {t(
          'admin.faces.intro',
          'A background job finds faces on the images, on this server and at the lowest priority, and offers staff unnamed boxes and "this looks like …" by comparing faces with those in named boxes. Nothing of it is ever shown to the public.',
        )}
      </p>
      {error && !data ? (
        <p role="alert" className="text-sm text-red-800">
          {errorText(error, { '*': t('admin.faces.load_failed', 'Could not load face suggestions.') })}
        </p>
      ) : data ? (
        <>
          <p className="text-sm text-slate-800" data-face-status={data.enabled ? 'on' : 'off'}>
            {data.enabled
              ? t(
                  'admin.faces.status_on',
                  'On: {scanned} of {images} images looked at, {faces} faces found, {suggestions} suggestions waiting.',
                  {
                    scanned: data.scanned,
                    images: data.images,
                    faces: data.faces,
                    suggestions: data.suggestions,
                  },
                )
              : t('admin.faces.status_off', 'Off.')}
          </p>
          <div>
            {data.enabled ? (
              <ConfirmDialog
                title={t('admin.faces.off_title', 'Switch face suggestions off?')}
                description={t(
                  'admin.faces.off_description',
                  'Every stored face description and every suggestion staff have not taken will be deleted. Boxes staff have named stay.',
                )}
                confirmLabel={t('admin.faces.off_confirm', 'Switch off and delete')}
                destructive
                onConfirm={() => change(false)}
              >
                <button type="button" className={secondaryButton} disabled={save.isPending}>
                  {t('admin.faces.switch_off', 'Switch off')}
                </button>
              </ConfirmDialog>
            ) : (
              <button
                type="button"
                className={primaryButton}
                disabled={save.isPending}
                onClick={() => change(true)}
              >
                {t('admin.faces.switch_on', 'Switch on')}
              </button>
            )}
          </div>
        </>
      ) : null}
    </section>
  );
}
