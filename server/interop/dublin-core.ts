import type { MediaType } from '#common/enums.ts';
import { paths } from '#common/paths.ts';
import { rightsStatement } from '#common/rights.ts';

/**
 * The one mapping of a public item to the 15 elements of simple Dublin Core (issue 26 §2), used by
 * OAI-PMH's oai_dc and by whoever else describes an item to the outside (IIIF metadata, JSON-LD).
 *
 * Decided where the issue is silent:
 * - The item's own texts (title, description, keywords, place, category) are catalogued in
 *   Faroese, the archive's language, and carry `xml:lang="fo"`; the rights statement's name is
 *   given in Faroese and in English. Names of people, dates, identifiers, types and formats carry
 *   no language.
 * - `language` is said for sound, video and documents (Faroese, ISO 639-1 `fo`); a picture has none.
 * - `contributor` is the copyright holder when it is not the photographer (the one who sent an
 *   item in is never published: that is their private data).
 * - The people named on a photo (issue 29 §2) are subjects, with no language; a private person is
 *   never among them (the callers' query leaves them out).
 * - `relation` is the item's category in the gallery; `source` the item's source field.
 * - `coverage` is where: the free-text location, the place from the list in Faroese and English
 *   (issue 28 §6), and the item's point as a DCMI Point ("east=…; north=…").
 * - `rights` is the statement URI first (what harvesters such as Europeana read), then its name in
 *   both languages, then the attribution text.
 */
export interface DublinCoreItem {
  id: string;
  display_id: string;
  title: string;
  description: string | null;
  historical_context: string | null;
  photographer: string | null;
  original_date: string | null;
  /** The original date as understood (EDTF, common/dates), when it was. */
  original_date_edtf: string | null;
  keywords: readonly string[] | null;
  location: string | null;
  rights: string;
  copyright_holder: string | null;
  attribution_text: string | null;
  media_type: MediaType;
  mime_type: string;
  source: string | null;
  category_id: string | null;
  /** The item's category when that is public (a private one is not named). */
  category_name: string | null;
  /** The people named on it (issue 29 §2), public ones only: private people are never named. */
  people?: readonly string[] | null;
  /** Its place from the list staff keep (issue 28 §3), in Faroese and English. */
  place_name_fo: string | null;
  place_name_en: string | null;
  /** Its point, both or neither. */
  latitude: number | null;
  longitude: number | null;
}

/**
 * A point in the DCMI Point Encoding Scheme (https://www.dublincore.org/specifications/dublin-core/dcmi-point/),
 * what `coverage` takes for a spatial location: "east=-6.7741; north=62.0107" (WGS 84 degrees).
 */
export const dcmiPoint = (latitude: number, longitude: number) => `east=${longitude}; north=${latitude}`;

export type DublinCoreElement =
  | 'title'
  | 'creator'
  | 'subject'
  | 'description'
  | 'publisher'
  | 'contributor'
  | 'date'
  | 'type'
  | 'format'
  | 'identifier'
  | 'source'
  | 'language'
  | 'relation'
  | 'coverage'
  | 'rights';

export interface DublinCoreValue {
  element: DublinCoreElement;
  value: string;
  lang?: 'fo' | 'en';
}

/** The DCMI Type Vocabulary term of each kind of item. */
export const DCMI_TYPES: Record<MediaType, string> = {
  image: 'StillImage',
  video: 'MovingImage',
  audio: 'Sound',
  document: 'Text',
};

/** The item's page: its URL is one of its identifiers (and its `homepage` in IIIF). */
export const itemUrl = (publicUrl: string, id: string) => `${publicUrl}${paths.media(id)}`;

/** Called with each value of the mapping in its order (trimmed, never empty). */
export type DublinCoreVisitor = (element: DublinCoreElement, value: string, lang?: 'fo' | 'en') => void;

/** The item's Dublin Core values, in the mapping's order. */
export function dublinCore(
  item: DublinCoreItem,
  site: { title: string; publicUrl: string },
): DublinCoreValue[] {
  const out: DublinCoreValue[] = [];
  eachDublinCore(item, site, (element, value, lang) =>
    out.push(lang ? { element, value, lang } : { element, value }),
  );
  return out;
}

/**
 * The mapping itself, each value handed to `visit` as it is found: a harvest writes a hundred
 * records a page straight into its XML, without an object per value (issue 26 §8: the harvest's
 * time went a fifth to garbage collection).
 */
export function eachDublinCore(
  item: DublinCoreItem,
  site: { title: string; publicUrl: string },
  visit: DublinCoreVisitor,
): void {
  const add = (element: DublinCoreElement, value: string | null | undefined, lang?: 'fo' | 'en') => {
    const text = value?.trim();
    if (text) visit(element, text, lang);
  };
  add('title', item.title, 'fo');
  add('creator', item.photographer);
  for (const keyword of item.keywords ?? []) add('subject', keyword, 'fo');
  add('subject', item.category_name, 'fo');
  // A person's name is a subject in no language (as names are here): who is in the picture.
  for (const name of item.people ?? []) add('subject', name);
  add('description', item.description, 'fo');
  add('description', item.historical_context, 'fo');
  add('publisher', site.title);
  if (item.copyright_holder?.trim() !== item.photographer?.trim()) add('contributor', item.copyright_holder);
  // EDTF (ISO 8601-2) where the date was understood, so a harvester reads "1950~" or "195X" as
  // a date; a date that could not be read goes as written.
  add('date', item.original_date_edtf ?? item.original_date);
  add('type', DCMI_TYPES[item.media_type]);
  add('format', item.mime_type);
  add('identifier', item.display_id);
  add('identifier', itemUrl(site.publicUrl, item.id));
  add('source', item.source);
  if (item.media_type !== 'image') add('language', 'fo');
  if (item.category_id && item.category_name)
    add('relation', `${site.publicUrl}/?category=${encodeURIComponent(item.category_id)}`);
  add('coverage', item.location, 'fo');
  // The place from the list in both its names (issue 28 §6), and the point as a DCMI Point.
  if (item.place_name_fo) {
    add('coverage', item.place_name_fo, 'fo');
    add('coverage', item.place_name_en, 'en');
  }
  if (item.latitude !== null && item.longitude !== null)
    add('coverage', dcmiPoint(item.latitude, item.longitude));
  add('rights', item.rights);
  const statement = rightsStatement(item.rights);
  if (statement) {
    add('rights', statement.fo, 'fo');
    add('rights', statement.en, 'en');
  }
  add('rights', item.attribution_text);
}
