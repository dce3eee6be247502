import type { MediaItem } from '#common/api/media.ts';
import { paths } from '#common/paths.ts';
import { rightsStatement } from '#common/rights.ts';

const TYPES: Record<MediaItem['mediaType'], string> = {
  image: 'ImageObject',
  video: 'VideoObject',
  audio: 'AudioObject',
  document: 'DigitalDocument',
};

/**
 * The schema.org description of a public item for search engines (issue 26 §7), embedded in its
 * page as JSON-LD: `license` is the rights statement URI (Google's image licence metadata reads
 * it), `creator` the photographer, `dateCreated` the original date when it is an ISO date (a year,
 * a month or a day; other free text such as 'c. 1920' is left out), `contentLocation` the place.
 */
export function itemJsonLd(
  item: MediaItem,
  site: { publicUrl: string; title: string },
): Record<string, unknown> {
  const url = `${site.publicUrl}${paths.media(item.id)}`;
  const absolute = (path: string | null) => (path ? `${site.publicUrl}${path}` : undefined);
  const picture = item.mediaType === 'image' ? (item.files.display ?? item.files.medium) : item.files.poster;
  const date = item.originalDate?.trim();
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': TYPES[item.mediaType],
    '@id': url,
    url,
    name: item.title,
    description: item.description ?? undefined,
    identifier: item.displayId,
    license: rightsStatement(item.rights)?.uri,
    creator: item.photographer ? { '@type': 'Person', name: item.photographer } : undefined,
    dateCreated: date && /^\d{4}(-\d{2}(-\d{2})?)?$/.test(date) ? date : undefined,
    contentLocation: item.location ? { '@type': 'Place', name: item.location } : undefined,
    keywords: item.keywords.length ? item.keywords.join(', ') : undefined,
    encodingFormat: item.mimeType,
    copyrightHolder: item.copyrightHolder
      ? { '@type': 'Organization', name: item.copyrightHolder }
      : undefined,
    creditText: item.attributionText ?? undefined,
    contentUrl: item.mediaType === 'image' ? absolute(picture) : absolute(item.files.original),
    thumbnailUrl: absolute(item.files.thumb),
    image: item.mediaType === 'image' ? undefined : absolute(picture),
    width: item.mediaType === 'image' && item.width ? item.width : undefined,
    height: item.mediaType === 'image' && item.height ? item.height : undefined,
    publisher: { '@type': 'Organization', name: site.title, url: site.publicUrl },
  };
  return Object.fromEntries(Object.entries(ld).filter(([, value]) => value !== undefined));
}

/** JSON inside a `<script>` element: `<` escaped, so no text can close the element or open a comment. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
