/**
 * A page's `<title>`, the same on the server (server/web/page-head.ts writes it into index.html)
 * and in the browser (web/lib/document-title.ts keeps it in step on client-side navigation):
 * "<page name> – <site title>", or the site title alone for the home page and pages without a
 * name of their own.
 */
export function pageTitle(name: string | null | undefined, siteTitle: string): string {
  const page = name?.trim();
  return page ? `${page} – ${siteTitle}` : siteTitle;
}

/** The site's name: the site_title setting, else the 'site.title' text (as the header shows it). */
export function siteTitleOf(settingTitle: string | null | undefined, textTitle: string): string {
  return settingTitle?.trim() || textTitle;
}
