import type { MediaItem } from '#common/api/media.ts';
import type { PublicPerson } from '#common/api/people.ts';
import type { slideshowResponse } from '#common/api/slideshows.ts';
import { itemJsonLd, jsonForScript } from '#server/interop/schema-org.ts';
import type { Language } from '#common/enums.ts';
import { isUuid } from '#common/gallery-filters.ts';
import { pageTitle, siteTitleOf } from '#common/page-title.ts';
import { isAppPath, matchRoute, paths, ROUTES } from '#common/paths.ts';
import { messagesPath } from '#common/messages-path.ts';
import type { z } from 'zod';

type Slideshow = z.infer<typeof slideshowResponse>['slideshow'];

/**
 * The head of each page, written by the server into index.html (so a shared link shows its title,
 * text and picture without running the app), and whether the page exists (status 404 when an
 * item's page names an item the visitor may not see or that does not exist).
 *
 * - `<title>`: "<page name> – <site title>" (common/page-title.ts, the web keeps it in step):
 *   an item's or slideshow's title, 'About' and 'Submit' by their headings' texts, the not-found
 *   headings on a 404; the site title alone on the home page and every other page.
 * - description: the item's (or slideshow's) description, else the item's photographer, place and
 *   date, else the site_description setting; one line, at most 200 characters.
 * - canonical and og:url: PUBLIC_URL + the page's path, for the public pages only; the query
 *   (the gallery's search, filters, sort, view) is view state and is dropped, so every view of the
 *   gallery is one page to a search engine. No canonical on a 404.
 * - Open Graph and Twitter card on the public pages; on item and slideshow pages also the picture:
 *   an image's watermarked display derivative (else its phone size), a video's poster frame, a
 *   slideshow's first slide with a picture. Audio and documents have none (a waveform or a file
 *   icon says nothing about the item): their card is the small 'summary'. Never the original.
 * - The sign-in pages and the back office: the site title, no canonical and no card. An item or
 *   slideshow that is not public, shown to staff (200): its title, `noindex`, no canonical, no
 *   card and no picture.
 * - `<html lang>`: the visitor's language from its cookie (common/language-cookie.ts), else 'fo'.
 */
export interface PageHead {
  status: 200 | 404;
  lang: Language;
  title: string;
  description: string;
  canonical: string | null;
  /** The archive's OAI-PMH base URL, linked from every public page for harvesters (issue 26 §3). */
  oai: string | null;
  /** A public item's schema.org description (JSON-LD), for search engines (issue 26 §7). */
  jsonLd?: Record<string, unknown>;
  /** A public item's or slideshow's IIIF Presentation 3.0 manifest (features/iiif), linked as an alternate. */
  iiifManifest?: string | null;
  /** `<meta property|name content>` in order. */
  meta: { key: 'property' | 'name'; name: string; content: string }[];
}

/** The picture a page is shared with, before its size is known. */
export interface PreviewImage {
  ownerId: string;
  variant: 'display' | 'medium' | 'poster';
  /** As the API gives it: a path under /files/media. */
  path: string;
  alt: string;
}

/** What the database says about that picture (derivatives table). */
export interface PreviewFacts {
  width: number | null;
  height: number | null;
  mimeType: string | null;
}

const ITEM_PAGES = [
  { kind: 'media', pattern: ROUTES.media, api: '/api/media/' },
  { kind: 'slideshow', pattern: ROUTES.slideshow, api: '/api/slideshows/' },
  { kind: 'person', pattern: ROUTES.person, api: '/api/people/' },
] as const;

/**
 * Whether `url` is an item's or a slideshow's page, and the API path of its item (null when the
 * path cannot name one: not a UUID, or a malformed %-escape); `asked`: the path the page's script
 * asks for all the same (null for a malformed %-escape), which the API refuses with a 400 when
 * it is not a UUID.
 */
export function itemPageOf(
  url: URL,
): { kind: 'media' | 'slideshow' | 'person'; api: string | null; asked: string | null } | null {
  for (const { kind, pattern, api } of ITEM_PAGES) {
    if (!url.pathname.startsWith(pattern.replace(':id', '')) || !isAppPath(url.pathname)) continue;
    const id = matchRoute(pattern, url.pathname)?.id;
    return {
      kind,
      api: isUuid(id) ? `${api}${id}` : null,
      asked: id === undefined ? null : `${api}${encodeURIComponent(id)}`,
    };
  }
  return null;
}

const mediaOf = (answers: Record<string, unknown>, path: string | null) =>
  path ? (answers[path] as { media?: MediaItem } | undefined)?.media : undefined;
const slideshowOf = (answers: Record<string, unknown>, path: string | null) =>
  path ? (answers[path] as { slideshow?: Slideshow } | undefined)?.slideshow : undefined;

/** An item's preview picture: its watermarked display image, or a video's poster; null for others. */
function pictureOfItem(item: MediaItem): PreviewImage | null {
  const { files } = item;
  const pick = (variant: PreviewImage['variant'], path: string | null) =>
    path ? { ownerId: item.id, variant, path, alt: item.title } : null;
  if (item.mediaType === 'image') return pick('display', files.display) ?? pick('medium', files.medium);
  if (item.mediaType === 'video') return pick('poster', files.poster);
  return null;
}

/**
 * Whether the item on this item page is public, as its answer says; null when the answer does not
 * say (a slideshow's) or there is no item. (Anonymous visitors are only ever given public ones.)
 */
export function itemIsPublic(url: URL, answers: Record<string, unknown>): boolean | null {
  const page = itemPageOf(url);
  if (page?.kind !== 'media') return null;
  return mediaOf(answers, page.api)?.isPublic ?? null;
}

/** The picture the page at `url` is shared with, from the visitor's own answers. */
export function previewImageOf(url: URL, answers: Record<string, unknown>): PreviewImage | null {
  const page = itemPageOf(url);
  if (!page) return null;
  if (page.kind === 'media') {
    const item = mediaOf(answers, page.api);
    return item ? pictureOfItem(item) : null;
  }
  if (page.kind === 'person') return null;
  const show = slideshowOf(answers, page.api);
  for (const slide of show?.slides ?? []) {
    const picture = pictureOfItem(slide.media);
    if (picture) return picture;
  }
  return null;
}

const DESCRIPTION_MAX = 200;

/** One line of at most DESCRIPTION_MAX characters, cut at a word with '…'. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const OG_LOCALE: Record<Language, string> = { fo: 'fo_FO', en: 'en_GB' };

export function describePage(input: {
  url: URL;
  lang: Language;
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  answers: Record<string, unknown>;
  /** The status of each API path asked (a missing one was not answered). */
  statuses: Record<string, number>;
  preview: (PreviewImage & PreviewFacts) | null;
  /**
   * False on the page of an item or slideshow that is not public (which only staff are shown):
   * no canonical, no card and no picture, and `noindex`.
   */
  isPublic: boolean;
}): PageHead {
  const { url, lang, publicUrl, answers, statuses, isPublic } = input;
  const preview = isPublic ? input.preview : null;
  const messages =
    (answers[messagesPath(lang, 'public')] as { messages?: Record<string, string> } | undefined)?.messages ??
    {};
  const t = (key: string, fallback: string) => messages[key] ?? fallback;
  const settings =
    (answers['/api/settings/public'] as { settings?: Record<string, string> } | undefined)?.settings ?? {};
  const siteTitle = siteTitleOf(settings.site_title, t('site.title', 'Myndasavn'));
  const siteDescription = oneLine(
    settings.site_description || t('site.description', 'Historical Media Archive'),
  );

  const head = (values: {
    status?: 404;
    name?: string | null;
    description?: string | null;
    path?: string | null;
    type?: 'website' | 'article';
    jsonLd?: Record<string, unknown>;
    /** The IIIF manifest's path, for a public item or slideshow. */
    manifest?: string;
  }): PageHead => {
    const description = (values.description && oneLine(values.description)) || siteDescription;
    const canonical = values.status || values.path == null || !isPublic ? null : `${publicUrl}${values.path}`;
    const meta: PageHead['meta'] = [];
    const add = (key: 'property' | 'name', name: string, content: string | number | null | undefined) => {
      if (content !== null && content !== undefined && content !== '')
        meta.push({ key, name, content: String(content) });
    };
    if (!isPublic) add('name', 'robots', 'noindex');
    if (canonical) {
      const title = values.name?.trim() || siteTitle;
      add('property', 'og:type', values.type ?? 'website');
      add('property', 'og:site_name', siteTitle);
      add('property', 'og:title', title);
      add('property', 'og:description', description);
      add('property', 'og:url', canonical);
      add('property', 'og:locale', OG_LOCALE[lang]);
      if (preview) {
        add('property', 'og:image', `${publicUrl}${preview.path}`);
        add('property', 'og:image:type', preview.mimeType);
        add('property', 'og:image:width', preview.width);
        add('property', 'og:image:height', preview.height);
        add('property', 'og:image:alt', preview.alt);
      }
      add('name', 'twitter:card', preview ? 'summary_large_image' : 'summary');
      add('name', 'twitter:title', title);
      add('name', 'twitter:description', description);
      if (preview) {
        add('name', 'twitter:image', `${publicUrl}${preview.path}`);
        add('name', 'twitter:image:alt', preview.alt);
      }
    }
    return {
      status: values.status ?? 200,
      lang,
      title: pageTitle(values.name, siteTitle),
      description,
      canonical,
      oai: canonical ? `${publicUrl}/oai` : null,
      ...(canonical && values.jsonLd ? { jsonLd: values.jsonLd } : {}),
      iiifManifest: canonical && values.manifest ? `${publicUrl}${values.manifest}` : null,
      meta,
    };
  };

  if (url.pathname === ROUTES.home) return head({ path: paths.home });
  if (url.pathname === ROUTES.about) return head({ name: t('about.title', 'Um okkum'), path: paths.about });
  if (url.pathname === ROUTES.submit)
    return head({ name: t('submit.title', 'Send okkum tilfar'), path: paths.submit });
  if (url.pathname === ROUTES.map) return head({ name: t('map.title', 'Kort'), path: paths.map });

  const page = itemPageOf(url);
  if (!page) return head({}); // the sign-in pages and the back office: the site's title, no card
  const status = page.api ? statuses[page.api] : 404;
  // Missing, not public to this visitor, or no id at all. Any other failure (the API was busy)
  // leaves the page to the app, which shows its error and a retry: no reason to call it missing.
  if (status === 404 || status === 400) {
    return head({
      status: 404,
      name:
        page.kind === 'media'
          ? t('media.not_found.title', 'Media Not Found')
          : page.kind === 'person'
            ? t('person.not_found_title', 'Person Not Found')
            : t('slideshow.not_found_title', 'Slideshow Not Found'),
    });
  }
  if (page.kind === 'media') {
    const item = mediaOf(answers, page.api);
    if (!item) return head({});
    const facts = [item.photographer, item.location, item.originalDate].filter(Boolean).join(' · ');
    return head({
      name: item.title,
      description: item.description?.trim() || facts,
      path: paths.media(item.id),
      type: 'article',
      jsonLd: itemJsonLd(item, { publicUrl, title: siteTitle }),
      manifest: `/iiif/presentation/3/item/${item.id}`,
    });
  }
  if (page.kind === 'person') {
    const person = page.api ? (answers[page.api] as PublicPerson | undefined)?.person : undefined;
    if (!person) return head({});
    const years = [person.born, person.died].filter(Boolean).join('–');
    return head({
      name: person.name,
      description: person.note?.trim() || years,
      path: paths.person(person.id),
    });
  }
  const show = slideshowOf(answers, page.api);
  if (!show) return head({});
  return head({
    name: show.title,
    description: show.description,
    path: paths.slideshow(show.id),
    manifest: `/iiif/presentation/3/slideshow/${show.id}`,
  });
}

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/** The media type a IIIF Presentation 3.0 manifest is linked with. */
const IIIF_MANIFEST_TYPE = 'application/ld+json;profile="http://iiif.io/api/presentation/3/context.json"';

/** The head's tags after `<title>` (description, canonical, Open Graph, Twitter). */
function headTags(head: PageHead): string {
  const tags = [`<meta name="description" content="${escapeHtml(head.description)}">`];
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  if (head.oai)
    tags.push(`<link rel="alternate" type="text/xml" title="OAI-PMH" href="${escapeHtml(head.oai)}">`);
  if (head.iiifManifest) {
    tags.push(
      `<link rel="alternate" type="${escapeHtml(IIIF_MANIFEST_TYPE)}" href="${escapeHtml(head.iiifManifest)}">`,
    );
  }
  for (const { key, name, content } of head.meta) {
    tags.push(`<meta ${key}="${escapeHtml(name)}" content="${escapeHtml(content)}">`);
  }
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  return tags.join('');
}

/**
 * index.html with the page's `<html lang>`, `<title>` and tags in place of the built ones. Every
 * value is escaped; replacer functions, so a '$' in a title is never read as a pattern.
 */
export function writeHead(template: string, head: PageHead): string {
  const title = `<title>${escapeHtml(head.title)}</title>`;
  const tags = headTags(head);
  let html = template
    .replace(/<html\b([^>]*)>/i, (_whole, attributes: string) => {
      const rest = attributes.replace(/\s+lang\s*=\s*("[^"]*"|'[^']*'|[^\s>]*)/i, '');
      return `<html${rest} lang="${head.lang}">`;
    })
    .replace(/\s*<meta\s+name=["']description["'][^>]*>/i, () => '');
  html = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => `${title}${tags}`)
    : html.replace('</head>', () => `${title}${tags}</head>`);
  return html;
}
