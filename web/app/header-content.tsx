import { Download, FileDown, Presentation } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { DocumentItem } from '#common/api/documents.ts';
import { paths } from '#common/paths.ts';
import { safeLinkUrl } from '#common/safe-url.ts';
import { useLatestDocument } from '../features/documents/api/get-latest-document.ts';
import { usePublicSettings } from '../features/gallery/api/get-public-settings.ts';
import { type LatestSlideshow, useLatestSlideshow } from '../features/slideshows/api/get-latest-slideshow.ts';
import { actionButton, mobileAction, outlineButton, type Variant } from './header-styles.ts';
import { useT } from './i18n.tsx';

/**
 * What the header offers besides the account links, read once for the bar and the mobile menu:
 * the latest document, the custom card (when it is set to show in the header) and the latest
 * slideshow (unless slideshow_enabled is 'false').
 */
export function useHeaderContent() {
  const { data: settings } = usePublicSettings();
  const { data: document } = useLatestDocument();
  const slideshowsOn = settings?.slideshow_enabled !== 'false';
  const { data: slideshow } = useLatestSlideshow({ enabled: slideshowsOn });
  // Only an http(s) URL or a path on this site is ever linked to (common/safe-url.ts).
  const cardUrl = safeLinkUrl(settings?.custom_card_file_url);
  const card =
    settings?.custom_card_enabled === 'true' && settings.custom_card_show_in_header === 'true' && cardUrl
      ? {
          url: cardUrl,
          title: settings.custom_card_title ?? '',
          buttonText: settings.custom_card_button_text ?? '',
        }
      : null;
  return {
    siteTitle: settings?.site_title,
    // Shown once the settings are in, so the button never flashes another text.
    document: settings && document ? { item: document, text: settings.document_button_text ?? '' } : null,
    card,
    slideshow: settings && slideshowsOn && slideshow ? slideshow : null,
  };
}

/**
 * The document button (text from document_button_text): a plain download link to the file, so
 * the browser saves it; the server counts the download as it serves the file with `?download`
 * (public-site.md §4), the same as for the custom card's link.
 */
export function DocumentButton({
  item,
  text,
  variant,
}: {
  item: DocumentItem;
  text: string;
  variant: Variant;
}) {
  const t = useT();
  return (
    <a
      href={`${item.url}?download`}
      download={item.fileName}
      title={item.title}
      className={variant === 'desktop' ? actionButton : mobileAction}
    >
      <FileDown aria-hidden="true" className="size-4 shrink-0" />
      {text || t('header.document', 'Mentanardagar skrá')}
    </a>
  );
}

/** The custom document card in its compact header form: one button downloading its file. */
export function CustomCardButton({
  card,
  variant,
}: {
  card: { url: string; title: string; buttonText: string };
  variant: Variant;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const title = card.title || t('gallery.card.title', 'Special Document');
  const onClick = async () => {
    setBusy(true);
    try {
      // Loaded on the click: the home page's first load stays within its budget (e2e/bundle.e2e.ts).
      const { downloadFile } = await import('../features/gallery/lib/download-file.ts');
      await downloadFile(card.url);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy}
      title={title}
      className={variant === 'desktop' ? outlineButton : mobileAction}
    >
      <Download aria-hidden="true" className="size-4 shrink-0" />
      {card.buttonText || t('gallery.card.button', 'Download')}
      <span className="sr-only">: {title}</span>
    </button>
  );
}

/** To the newest public slideshow; in the bar only on large screens (public-site.md §2). */
export function SlideshowLink({ slideshow, variant }: { slideshow: LatestSlideshow; variant: Variant }) {
  const t = useT();
  return (
    <Link
      to={paths.slideshow(slideshow.id)}
      title={slideshow.title}
      className={variant === 'desktop' ? outlineButton : mobileAction}
    >
      <Presentation aria-hidden="true" className="size-4 shrink-0" />
      {t('header.slideshow', 'Myndasýning')}
    </Link>
  );
}
