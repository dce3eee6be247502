import { Download, FileText } from 'lucide-react';
import { useState } from 'react';
import { safeLinkUrl } from '#common/safe-url.ts';
import { useT } from '#web/app/i18n.tsx';
import { primaryButton } from '#web/components/button.tsx';
import { usePublicSettings } from '../api/get-public-settings.ts';

/**
 * The admin-configured document card (public-site.md §2): shown when `custom_card_enabled` and,
 * for its place, `custom_card_show_above_gallery` or `custom_card_show_in_header` are 'true'.
 * Its texts are settings (the server fills in the spec's defaults); the button downloads the
 * file at `custom_card_file_url` and is left out while no file is set, and when the URL is
 * neither http(s) nor a path on this site (common/safe-url.ts): such a value links nowhere.
 */
export function CustomDocumentCard({ placement = 'gallery' }: { placement?: 'gallery' | 'header' }) {
  const t = useT();
  const { data: settings } = usePublicSettings();
  const [busy, setBusy] = useState(false);
  if (settings?.custom_card_enabled !== 'true') return null;
  const shown =
    placement === 'header' ? settings.custom_card_show_in_header : settings.custom_card_show_above_gallery;
  if (shown !== 'true') return null;

  const title = settings.custom_card_title || t('gallery.card.title', 'Special Document');
  const description =
    settings.custom_card_description || t('gallery.card.description', 'Important archive document');
  const buttonText = settings.custom_card_button_text || t('gallery.card.button', 'Download');
  const url = safeLinkUrl(settings.custom_card_file_url);
  const download = async () => {
    setBusy(true);
    try {
      // Loaded on the click: the home page's first load stays within its budget (e2e/bundle.e2e.ts).
      if (url) await (await import('../lib/download-file.ts')).downloadFile(url);
    } finally {
      setBusy(false);
    }
  };
  const button = url ? (
    <button
      type="button"
      onClick={download}
      disabled={busy}
      aria-busy={busy}
      className={`${primaryButton} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700`}
    >
      <Download aria-hidden="true" className="size-4" />
      {buttonText}
    </button>
  ) : null;

  if (placement === 'header') {
    return (
      <div className="flex items-center gap-3 rounded-md border border-blue-200 bg-blue-50 px-3 py-2">
        <FileText aria-hidden="true" className="size-5 shrink-0 text-blue-800" />
        <p className="min-w-0">
          <span className="block truncate font-medium text-slate-900">{title}</span>
          <span className="block truncate text-sm text-slate-700">{description}</span>
        </p>
        {button}
      </div>
    );
  }

  return (
    <section
      aria-labelledby="custom-document-card-title"
      className="flex flex-col gap-4 rounded-lg border border-blue-200 bg-blue-50 p-5 sm:flex-row sm:items-center"
    >
      <FileText aria-hidden="true" className="size-10 shrink-0 text-blue-800" />
      <div className="min-w-0 flex-1">
        <h2 id="custom-document-card-title" className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-1 text-slate-700">{description}</p>
      </div>
      {button}
    </section>
  );
}
