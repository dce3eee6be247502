import type { Language } from '#common/enums.ts';
import { galleryPagePath, readGalleryFilters, timelinePath } from '#common/gallery-filters.ts';
import { mapItemsPath } from '#common/map.ts';
import { isAppPath } from '#common/paths.ts';
import { messagesPath } from '#common/messages-path.ts';
import {
  DETAIL_SIZES,
  FEATURED_SIZES,
  GRID_SIZES,
  type PictureSource,
  pictureOf,
} from '#common/responsive-image.ts';
import { itemPageOf, type PageHead, writeHead } from './page-head.ts';

/** Where the page embeds its first API answers; web/lib/boot-data.ts reads them. */
export const BOOT_DATA_ID = 'boot-data';

/**
 * The API answers a page asks for as soon as it starts: the account and the header's data on every
 * page; on the home page its counts, featured strip, categories and first page of items for the
 * filters in its URL (read as the gallery reads them, common/gallery-filters.ts);
 * on an item's or a slideshow's page, the item or the slideshow (their answers also give the
 * page its head and its status, page-head.ts). The texts are those of the visitor's language, and
 * of the public pages only.
 */
export function bootDataPaths(url: URL, lang: Language): string[] {
  // Any other path is sent to / by the web app: no answers for scanners' guesses.
  // (The routes are those of web/app/router.tsx, both read from common/paths.ts.)
  if (!isAppPath(url.pathname)) return [];
  const paths = [
    '/api/me',
    '/api/settings/public',
    '/api/documents/latest',
    '/api/slideshows/latest',
    // The language the visitor chose (its cookie, common/language-cookie.ts), else the default;
    // the public pages' texts only: the back-office asks for its own (web/app/i18n.tsx).
    messagesPath(lang, 'public'),
  ];
  if (url.pathname === '/') {
    const filters = readGalleryFilters(url.searchParams);
    paths.push(
      '/api/gallery/summary',
      '/api/gallery/featured',
      '/api/categories',
      galleryPagePath(filters),
      timelinePath(filters),
    );
    // The chosen place's name for the filter's chip ("more from this place").
    if (filters.place) paths.push('/api/places');
  }
  if (url.pathname === '/map') {
    // The map's filters and timeline; its clusters need the map's size, known only in the browser.
    // The located items by title: the page lists them for a browser that runs no script.
    const filters = readGalleryFilters(url.searchParams);
    paths.push('/api/categories', timelinePath(filters), mapItemsPath(filters));
  }
  const page = itemPageOf(url);
  if (page?.api) paths.push(page.api);
  // Who is on a photo (issue 29 §2): the media page draws its boxes and names, and its form, at once.
  if (page?.kind === 'media' && page.api)
    paths.push(`/api/people/media/${page.api.slice('/api/media/'.length)}`);
  return paths;
}

/**
 * Where the item a page is about was refused (a 404: unknown or not public to this visitor; a 400:
 * a malformed id), the entry the page embeds for it, `"refused <path>": status`, so the page draws
 * its not-found screen (web/lib/boot-data.ts) on the server and in the browser's first render
 * alike, rather than waiting for an answer; else null.
 */
export function refusedAnswer(url: URL, statuses: Record<string, number>): [string, number] | null {
  const page = itemPageOf(url);
  if (!page?.asked) return null;
  // Not asked here when the id is no UUID: the API would refuse it.
  const status = page.api ? statuses[page.api] : 400;
  return status === 404 || status === 400 ? [`refused ${page.asked}`, status] : null;
}

/** The answers the page embeds, given as JSON texts, as one JSON object (no answer parsed again). */
export function answersJson(texts: Record<string, string>): string {
  return `{${Object.entries(texts)
    .map(([key, text]) => `${JSON.stringify(key)}:${text}`)
    .join(',')}}`;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A public page of the web app drawn on the server (web/entry-server.tsx), and when it was drawn. */
export interface RenderedApp {
  html: string;
  renderedAt: number;
}

/**
 * index.html with the page's head (page-head.ts), the page itself as the server drew it (when it
 * did: the browser hydrates it, web/main.tsx), the answers embedded as JSON (a data block,
 * never run as script, so the CSP stays script-src 'self'), and a preload of the picture that is
 * the largest thing on a phone's first screen: the home page's first picture, or the item's own.
 * `embedded` is the answers' JSON as written (answersJson) when the caller has it already.
 */
export function renderPage(
  template: string,
  url: URL,
  answers: Record<string, unknown>,
  head: PageHead,
  app: RenderedApp | null = null,
  embedded: string = JSON.stringify(answers),
): string {
  const json = embedded.replace(/</g, '\\u003c');
  const boot = `<script type="application/json" id="${BOOT_DATA_ID}">${json}</script>`;
  const preload = mainPicture(url, answers);
  // Replacer functions: a '$' in the answers must never be read as a replacement pattern.
  return writeHead(template, head)
    .replace('</head>', () => `${preload}</head>`)
    .replace('<div id="root"></div>', () =>
      app ? `<div id="root" data-rendered-at="${app.renderedAt}">${app.html}</div>` : '<div id="root"></div>',
    )
    .replace('</body>', () => `${boot}</body>`);
}

function mainPicture(url: URL, answers: Record<string, unknown>): string {
  const item = (answers[`/api${url.pathname}`] as { media?: PictureSource } | undefined)?.media;
  if (item) return item.mediaType === 'image' ? preloadLink([item], DETAIL_SIZES) : '';
  if (url.pathname !== '/' || url.searchParams.get('view') === 'list') return '';
  const items = (path: string) => (answers[path] as { items?: PictureSource[] } | undefined)?.items ?? [];
  const featured = items('/api/gallery/featured');
  const gallery = Object.keys(answers).find((path) => path.startsWith('/api/gallery?'));
  // The featured strip comes first on the page; without it, the grid's first picture.
  return featured.length > 0
    ? preloadLink(featured, FEATURED_SIZES)
    : preloadLink(gallery ? items(gallery) : [], GRID_SIZES);
}

function preloadLink(items: PictureSource[], sizes: string): string {
  const picture = items.map(pictureOf).find((p) => p !== null);
  if (!picture) return '';
  const set = picture.srcSet
    ? ` imagesrcset="${escapeAttribute(picture.srcSet)}" imagesizes="${escapeAttribute(sizes)}"`
    : '';
  return `<link rel="preload" as="image" href="${escapeAttribute(picture.src)}"${set} fetchpriority="high">`;
}
