/**
 * Places (issue 28 §3): what both sides need without zod (the public pages import it): a place's
 * name in the visitor's language, and the staff picker's search over the list by name, Faroese or
 * English, without regard to case or accents ("torshavn" finds Tórshavn, "gota" Gøta).
 */
export interface PlaceNames {
  nameFo: string;
  nameEn: string;
}

export const placeName = (place: PlaceNames, lang: 'fo' | 'en') =>
  lang === 'en' ? place.nameEn : place.nameFo;

/** Letters written without their accents, and the Faroese letters as an English keyboard types them. */
const FOLDED: Record<string, string> = { ð: 'd', ø: 'o', æ: 'ae', å: 'a', þ: 'th' };

/** A name as it is searched: lower case, no accents, ð as d, ø as o, æ as ae. */
export function foldName(text: string): string {
  return text
    .toLowerCase()
    .replace(/[ðøæåþ]/g, (letter) => FOLDED[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim();
}

/**
 * The places whose Faroese or English name contains `query` (folded), those starting with it first,
 * then by Faroese name; at most `limit`.
 */
export function searchPlaces<P extends PlaceNames>(places: readonly P[], query: string, limit = 20): P[] {
  const q = foldName(query);
  if (!q) return places.slice(0, limit);
  const scored: { place: P; starts: boolean }[] = [];
  for (const place of places) {
    const fo = foldName(place.nameFo);
    const en = foldName(place.nameEn);
    if (fo.includes(q) || en.includes(q))
      scored.push({ place, starts: fo.startsWith(q) || en.startsWith(q) });
  }
  scored.sort(
    (a, b) => Number(b.starts) - Number(a.starts) || a.place.nameFo.localeCompare(b.place.nameFo, 'fo'),
  );
  return scored.slice(0, limit).map((s) => s.place);
}

/** A point as Dublin Core's coverage and the page say it: "62.0120, -6.7680" (four decimals, about 10 m). */
export const formatPoint = (latitude: number, longitude: number) =>
  `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`;
