import type { MediaType } from '#common/enums.ts';
import { element, itemOaiDc } from './oai-xml.ts';
import type { RecordRow } from './oai.repository.ts';

/**
 * A list's records as an answer carries them, from the rows one statement read: written as they
 * are sent on the server's thread (PGlite), or as each page's bytes on the harvest's own thread
 * (PostgreSQL, oai-thread.ts). One writing for both.
 */

/** What a record needs besides its row: the identifiers' prefix and, for ListRecords, the publisher. */
export interface RecordsSite {
  /** `oai:{host}:` */
  idPrefix: string;
  /** The site for every record's Dublin Core (ListRecords); none: headers only (ListIdentifiers). */
  publisher?: { title: string; publicUrl: string };
}

/**
 * One page of a list: its records (written when sent, or bytes written on the harvest's thread),
 * how many, whether the list goes on, and its last record's keyset position (null when empty).
 */
export interface ListPage<R = Iterable<string | Uint8Array>> {
  records: R;
  count: number;
  more: boolean;
  last: { datestamp: string; id: string } | null;
}
/** A page written on the harvest's thread: its records' bytes, handed over whole. */
export type WrittenPage = ListPage<Uint8Array>;

// Each page's bytes in an ArrayBuffer of their own (never Node's shared pool): a thread hands them over.
const utf8 = new TextEncoder();

/** Seconds granularity: the datestamp of a full-precision timestamp text. */
export const toSeconds = (datestamp: string) => `${datestamp.slice(0, 19)}Z`;

/** A record that is an item's, not a tombstone: the fields Dublin Core needs are there. */
type PublishedRow = RecordRow & {
  title: string;
  rights: string;
  media_type: MediaType;
  mime_type: string;
};
const published = (row: RecordRow): row is PublishedRow =>
  !row.deleted && !!row.title && !!row.rights && !!row.media_type && !!row.mime_type;

export const recordHeader = (row: RecordRow, idPrefix: string) =>
  `<header${row.deleted ? ' status="deleted"' : ''}>${element('identifier', `${idPrefix}${row.id}`)}${element(
    'datestamp',
    toSeconds(row.datestamp),
  )}${row.set_spec ? element('setSpec', row.set_spec) : ''}</header>`;

/** A whole record (a published record's row is the mapping's item as it is: no copy of it). */
export const recordXml = (
  row: RecordRow,
  idPrefix: string,
  publisher: { title: string; publicUrl: string },
) =>
  published(row)
    ? `<record>${recordHeader(row, idPrefix)}<metadata>${itemOaiDc(row, publisher)}</metadata></record>`
    : `<record>${recordHeader(row, idPrefix)}</record>`;

/**
 * The pages of `pageSize` records in `rows` (read with one row more than the pages they hold, which
 * says whether the list goes on past the last), at most `pages`. Rows that end short of a page make
 * the last page; no rows make one empty page.
 */
export function splitPages(rows: RecordRow[], pageSize: number, pages: number): ListPage<RecordRow[]>[] {
  const split: ListPage<RecordRow[]>[] = [];
  const held = Math.min(rows.length, pages * pageSize);
  for (let start = 0; start === 0 || start < held; start += pageSize) {
    const records = rows.slice(start, Math.min(start + pageSize, rows.length));
    const last = records.at(-1);
    split.push({
      records,
      count: records.length,
      more: rows.length > start + pageSize,
      last: last ? { datestamp: last.datestamp, id: last.id } : null,
    });
  }
  return split;
}

/** A page's records, written one by one as they are taken (as often as the page is sent). */
export const recordsOf = (rows: RecordRow[], site: RecordsSite): Iterable<string> => ({
  *[Symbol.iterator]() {
    for (const row of rows)
      yield site.publisher ? recordXml(row, site.idPrefix, site.publisher) : recordHeader(row, site.idPrefix);
  },
});

/** The pages as splitPages makes them, each page's records written as one text and encoded. */
export const writePages = (
  rows: RecordRow[],
  pageSize: number,
  pages: number,
  site: RecordsSite,
): WrittenPage[] =>
  splitPages(rows, pageSize, pages).map((page) => {
    let text = '';
    for (const record of recordsOf(page.records, site)) text += record;
    return { ...page, records: utf8.encode(text) };
  });
