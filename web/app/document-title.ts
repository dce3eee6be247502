import { useEffect } from 'react';
import { pageTitle, siteTitleOf } from '#common/page-title.ts';
import { usePublicSettings } from '../features/gallery/api/get-public-settings.ts';
import { useT } from './i18n.tsx';

/**
 * Keeps `document.title` in step with the page after client-side navigation, in the format the
 * server writes into the first page (common/page-title.ts, server/web/page-head.ts): "<name> –
 * <site title>", or the site title alone when `name` is null (the home page, a page still
 * loading). Leaving the page puts the site title back, so a page without a name of its own (the
 * sign-in and staff screens) never shows the previous page's.
 */
export function useDocumentTitle(name: string | null | undefined) {
  const t = useT();
  const { data: settings } = usePublicSettings();
  const siteTitle = siteTitleOf(settings?.site_title, t('site.title', 'Myndasavn'));
  useEffect(() => {
    document.title = pageTitle(name, siteTitle);
    return () => {
      document.title = siteTitle;
    };
  }, [name, siteTitle]);
}
