/**
 * CSV as spreadsheets write it (RFC 4180): quoted fields with "" inside, line breaks inside quotes,
 * CRLF or LF. Excel writes UTF-8 with a byte-order mark and, in locales whose decimal mark is a
 * comma (Faroese, Danish), `;` between fields: both are recognised. Written CSV carries the BOM so
 * Excel reads Faroese letters right.
 */
import { CsvError as ParseError, parse } from 'csv-parse/sync';

export class CsvError extends Error {}

/**
 * Rows of fields; the delimiter is the one of `,` and `;` the header line has more of (outside
 * quotes). csv-parse reads it in one pass whatever its fields' lengths (a hand-written loop that
 * added a character at a time to a field took 27 s and 1.3 GB for one field of 32 MiB); a quote
 * inside an unquoted field is text, as spreadsheets read it.
 */
export function parseCsv(text: string): { rows: string[][]; delimiter: ',' | ';' } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const delimiter = detectDelimiter(body);
  let rows: string[][];
  try {
    rows = parse(body, { delimiter, relax_column_count: true, relax_quotes: true });
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    const line = (error as ParseError & { lines?: number }).lines;
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new CsvError(`a quoted field opened on or before line ${line} is never closed`);
    }
    // csv-parse's own message names the line.
    throw new CsvError(error.message);
  }
  // Spreadsheets leave empty lines at the end (and sometimes between): they are no rows.
  return { rows: rows.filter((r) => r.some((f) => f.trim() !== '')), delimiter };
}

function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c === ',') commas += 1;
    else if (!quoted && c === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/** One line of CSV (with its CRLF), quoting what needs it. */
export function csvLine(fields: readonly (string | number | null | undefined)[]): string {
  return `${fields.map((f) => csvField(f == null ? '' : String(f))).join(',')}\r\n`;
}

function csvField(value: string): string {
  // A leading =, +, - or @ would be a formula to a spreadsheet: a file name must stay text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n;]/.test(safe) || safe !== value ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const CSV_BOM = '\uFEFF';
