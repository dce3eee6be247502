/**
 * People on photos (issue 29 §2), what both sides need without zod (the public pages import it):
 * the limits, and the media page's "Suggest a name" form sent without script (posted to the page's
 * own address like "Do you know more", told apart by its mark; its outcome comes back among the
 * page's embedded answers under PERSON_FORM_RESULT).
 */

export const PERSON_NAME_MAX = 200;
export const PERSON_YEARS_MAX = 40;
export const PERSON_NOTE_MAX = 4_000;
export const SUGGESTION_NOTE_MAX = 2_000;

/** A box drawn smaller than this (a fraction of the image's side) is refused: no one fits in it. */
export const BOX_MIN_SIDE = 0.01;

/** A box: fractions 0..1 of the upright image. */
export interface BoxRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The hidden field (name and value) that says the media page's POST is this form. */
export const FORM_MARK_FIELD = 'form';
export const PERSON_FORM_MARK = 'person-name';

export const PERSON_FORM_FIELDS = [
  'boxId',
  'name',
  'note',
  'contributorName',
  'contributorEmail',
  'website',
] as const;
export type PersonFormField = (typeof PERSON_FORM_FIELDS)[number];

export const PERSON_FORM_RESULT = 'people?posted';

export type PersonFormResult =
  | { outcome: 'sent' }
  | {
      outcome: 'refused';
      error: { code: string; message: string };
      issues: { path: string; message: string }[];
      values: Partial<Record<PersonFormField, string>>;
    };

/** Rounded to 6 places (a millionth of the side: finer than any pixel) and kept inside the image. */
export function clampBox(box: BoxRect): BoxRect {
  const r = (v: number) => Math.round(v * 1e6) / 1e6;
  const x = Math.min(Math.max(r(box.x), 0), 1 - BOX_MIN_SIDE);
  const y = Math.min(Math.max(r(box.y), 0), 1 - BOX_MIN_SIDE);
  const w = Math.min(Math.max(r(box.w), BOX_MIN_SIDE), r(1 - x));
  const h = Math.min(Math.max(r(box.h), BOX_MIN_SIDE), r(1 - y));
  return { x, y, w, h };
}
