/**
 * CSV as spreadsheets write it (RFC 4180): quoted fields with "" inside, line breaks inside quotes,
 * CRLF or LF. Excel writes UTF-8 with a byte-order mark and, in locales whose decimal mark is a
 * comma (Faroese, Danish), `;` between fields: both are recognised. Written CSV carries the BOM so
 * Excel reads Faroese letters right.
 */

export class CsvError extends Error {}

/** Rows of fields; the delimiter is the one of `,` and `;` the header line has more of (outside quotes). */
export function parseCsv(text: string): { rows: string[][]; delimiter: ',' | ';' } {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const delimiter = detectDelimiter(body);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let i = 0;
  while (i < body.length) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"') {
        if (body[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      if (c === '\n') line += 1;
      field += c;
      i += 1;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      i += 1;
    } else if (c === delimiter) {
      row.push(field);
      field = '';
      i += 1;
    } else if (c === '\r' || c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += c === '\r' && body[i + 1] === '\n' ? 2 : 1;
      line += 1;
    } else {
      field += c;
      i += 1;
    }
  }
  if (quoted) throw new CsvError(`a quoted field opened on or before line ${line} is never closed`);
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
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
