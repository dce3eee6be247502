import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Db } from '#server/db/database.ts';
import type { DublinCoreElement, DublinCoreValue } from '#server/interop/dublin-core.ts';
import { type ExportSite, exportItems, itemDublinCore } from './export-items.ts';

/**
 * The public catalogue (issue 27 §3): every public item described by the Dublin Core mapping that
 * OAI-PMH serves, as CSV or JSON, written as it is read (pages of EXPORT_PAGE_SIZE), so its size
 * is bounded by nothing but the archive's. The same streams serve `npm run export` and the about
 * page's downloads (/api/catalogue/catalogue.csv|json). Private items are never in it.
 */
export type CatalogueFormat = 'csv' | 'json';

/**
 * One column per element and language the mapping writes (DSpace's spelling: `dc.element[lang]`),
 * so a spreadsheet keeps the Faroese and English names of a rights statement apart. An element
 * given more than once (keywords, identifiers) has its values joined by `||`, as DSpace's CSV does.
 */
export const CATALOGUE_COLUMNS = [
  'display_id',
  'dc.title[fo]',
  'dc.creator',
  'dc.subject[fo]',
  'dc.description[fo]',
  'dc.publisher',
  'dc.contributor',
  'dc.date',
  'dc.type',
  'dc.format',
  'dc.identifier',
  'dc.source',
  'dc.language',
  'dc.relation',
  'dc.coverage[fo]',
  'dc.coverage[en]',
  /** The item's point as a DCMI Point (issue 28 §6). */
  'dc.coverage',
  'dc.rights',
  'dc.rights[fo]',
  'dc.rights[en]',
] as const;
export const CSV_VALUE_SEPARATOR = '||';

const KNOWN = new Set<string>(CATALOGUE_COLUMNS);

/** The columns of one item: a value in a language the list lacks goes in its element's bare column. */
function csvRow(displayId: string, values: DublinCoreValue[]): Record<string, string> {
  const row: Record<string, string> = { display_id: displayId };
  for (const v of values) {
    const named = `dc.${v.element}${v.lang ? `[${v.lang}]` : ''}`;
    const column = KNOWN.has(named) ? named : `dc.${v.element}`;
    row[column] = row[column] ? `${row[column]}${CSV_VALUE_SEPARATOR}${v.value}` : v.value;
  }
  return row;
}

/** One item in the JSON catalogue: each element a list of its values, with their language. */
function jsonRecord(displayId: string, values: DublinCoreValue[]) {
  const dc: Partial<Record<DublinCoreElement, { value: string; lang?: string }[]>> = {};
  for (const v of values) {
    const list = dc[v.element] ?? [];
    list.push(v.lang ? { value: v.value, lang: v.lang } : { value: v.value });
    dc[v.element] = list;
  }
  return { display_id: displayId, dc };
}

async function* described(db: Db, site: ExportSite) {
  for await (const item of exportItems(db, { includePrivate: false }))
    yield { displayId: item.display_id, values: itemDublinCore(item, site) };
}

/**
 * The catalogue as a byte stream. CSV: UTF-8 with a byte order mark (Excel reads Faroese letters
 * right only with it), a header row, and a cell that starts with = + - @ (or a tab or return)
 * prefixed with ' so a spreadsheet shows it as text instead of running it (csv-stringify's
 * escape_formulas). JSON: one array, an object per item.
 */
export function catalogueStream(db: Db, site: ExportSite, format: CatalogueFormat): Readable {
  if (format === 'json') return Readable.from(jsonPieces(db, site), { objectMode: false });
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...CATALOGUE_COLUMNS],
    escape_formulas: true,
    record_delimiter: 'windows',
  });
  const rows = Readable.from(
    (async function* () {
      for await (const { displayId, values } of described(db, site)) yield csvRow(displayId, values);
    })(),
  );
  // A failure on either side ends the other: the reader sees the error instead of a short file.
  pipeline(rows, csv).catch(() => {});
  return csv;
}

async function* jsonPieces(db: Db, site: ExportSite): AsyncGenerator<string> {
  yield '[';
  let first = true;
  for await (const { displayId, values } of described(db, site)) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(jsonRecord(displayId, values))}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}
