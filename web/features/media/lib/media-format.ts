import type { MediaItem } from '#common/api/media.ts';
import { type DateLanguage, describeDate } from '#common/dates/describe-date.ts';
import { displayIdOrFallback } from '#common/display-id.ts';

/**
 * Plain formatting rules for a media item's fields, shared by the lightbox's info panel and the
 * media page (public-site.md §2 and §9). Texts that need translating stay with the components;
 * these take the translated words as arguments where they need one.
 */

/**
 * The copyright status as shown: underscores become spaces ('public_domain' → 'public domain');
 * absent, empty or 'unknown' shows `unknownText` (the spec's 'Unknown').
 */
export function formatCopyrightStatus(status: string | null | undefined, unknownText = 'Unknown'): string {
  const text = (status ?? '').replaceAll('_', ' ').trim();
  return text === '' || text === 'unknown' ? unknownText : text;
}

/** The ID line: the display ID, or '#' and the first 8 characters of the id, uppercased (§3). */
export function mediaDisplayId(item: Pick<MediaItem, 'id' | 'displayId'>): string {
  return displayIdOrFallback(item.displayId, item.id);
}

const two = (n: number) => String(n).padStart(2, '0');
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A date the way it is written in the Faroe Islands, day first with dots: '14.06.1952'.
 * Timestamps are shown in the visitor's own time zone. A bare 'YYYY-MM-DD' is a calendar day
 * (no zone shift). Anything else (the free-text original dates archives record, such as '1952'
 * or 'summar 1930') is shown as it was written.
 */
export function formatArchiveDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const day = ISO_DAY.exec(trimmed);
  if (day) {
    const [, y, m, d] = day;
    return `${d}.${m}.${y}`;
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(trimmed)) {
    const date = new Date(trimmed);
    if (!Number.isNaN(date.getTime())) {
      return `${two(date.getDate())}.${two(date.getMonth() + 1)}.${date.getFullYear()}`;
    }
  }
  return trimmed;
}

/**
 * An item's original date as understood, said in the reader's language ("umleið 1950",
 * "c. 1950"); one that was not understood is shown as written.
 */
export function formatOriginalDate(
  item: { originalDate: string | null; originalDateEdtf: string | null },
  lang: DateLanguage,
): string | null {
  return item.originalDateEdtf
    ? describeDate(item.originalDateEdtf, lang)
    : formatArchiveDate(item.originalDate);
}

/** Pixel dimensions as 'W × H px', or null when unknown. */
export function formatDimensions(width: number | null, height: number | null): string | null {
  return width && height ? `${width} × ${height} px` : null;
}

/** The format as a short name: the file's extension, else the MIME subtype, uppercased ('JPEG', 'PDF'). */
export function formatFileFormat(fileName: string, mimeType: string): string {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1];
  if (ext) return ext.toUpperCase();
  const subtype = mimeType.split('/')[1]?.split(';')[0]?.trim();
  return subtype ? subtype.toUpperCase() : mimeType;
}

/** A URL with `download` added to its query, so the file server sends it as an attachment. */
export function downloadUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download`;
}
