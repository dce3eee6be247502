import { readOriginalDate } from '#common/dates/read-date.ts';

/**
 * An original date's columns: the text as written and, beside it, as understood (common/dates).
 * Forms refuse what cannot be read; a text that cannot (written before, or by a script) keeps no
 * EDTF and no days. Media and submissions both write these (and approval copies them).
 */
export function originalDateColumns(written: string | null) {
  const reading = written == null ? null : readOriginalDate(written);
  const understood = reading?.ok ? reading.date : null;
  return {
    original_date: written,
    original_date_edtf: understood?.edtf ?? null,
    original_date_earliest: understood?.earliest ?? null,
    original_date_latest: understood?.latest ?? null,
  };
}
