import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { WATERMARK_PREVIEW_SIZE, watermarkSettingsBody } from '#common/api/watermark.ts';
import { useT } from '#web/app/i18n.tsx';
import { previewUrl } from '../api/watermark.ts';

/** Wait this long after the last change before asking for a new preview. */
const PREVIEW_DEBOUNCE_MS = 300;

/**
 * The live preview (admin-back-office.md §2: 400×300): the form's current, unsaved values drawn on
 * a sample picture by the server's own watermark renderer, so it shows exactly what uploads get.
 * Values the form would refuse keep the last good preview.
 */
export function WatermarkPreview() {
  const t = useT();
  const values = useWatch();
  const parsed = watermarkSettingsBody.safeParse(values);
  const wanted = parsed.success ? previewUrl(parsed.data) : null;
  const [src, setSrc] = useState<string | null>(wanted);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    if (wanted === null || wanted === src) return;
    const timer = setTimeout(() => {
      setState('loading');
      setSrc(wanted);
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted, src]);

  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <figcaption className="text-lg font-semibold text-slate-900">
        {t('admin.watermark.preview', 'Live preview')}
      </figcaption>
      <div
        className="relative mt-3 overflow-hidden rounded-md bg-slate-100"
        style={{ aspectRatio: `${WATERMARK_PREVIEW_SIZE.width} / ${WATERMARK_PREVIEW_SIZE.height}` }}
        aria-busy={state === 'loading'}
      >
        {src && (
          <img
            src={src}
            width={WATERMARK_PREVIEW_SIZE.width}
            height={WATERMARK_PREVIEW_SIZE.height}
            alt={t('admin.watermark.preview_alt', 'Sample picture with the watermark as set in the form')}
            data-testid="watermark-preview"
            data-state={state}
            className="block h-auto w-full"
            onLoad={() => setState('ready')}
            onError={() => setState('failed')}
          />
        )}
      </div>
      <p className="mt-2 text-sm text-slate-700" role="status">
        {state === 'failed'
          ? t(
              'admin.watermark.preview_failed',
              'The preview could not be drawn. Please try again in a moment.',
            )
          : !parsed.success
            ? t('admin.watermark.preview_invalid', 'Correct the form to update the preview.')
            : state === 'loading'
              ? t('admin.watermark.preview_loading', 'Drawing the preview...')
              : t(
                  'admin.watermark.preview_ready',
                  'Drawn by the server exactly as new uploads will be watermarked.',
                )}
      </p>
    </figure>
  );
}
