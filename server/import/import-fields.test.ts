import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvLine, parseCsv } from './csv.ts';
import { IMPORT_COLUMNS, readHeader, readRow } from './import-fields.ts';

const docs = resolve(import.meta.dirname, '..', '..', 'docs');

describe('the metadata CSV', () => {
  it('reads what Excel and LibreOffice write: BOM, `;` or `,`, quotes, line breaks in a cell', () => {
    const semicolons = parseCsv('\uFEFFfile;title\r\n"a;b.jpg";"Gøta ""1931""\r\nsíða 2"\r\n\r\n');
    expect(semicolons).toEqual({
      delimiter: ';',
      rows: [
        ['file', 'title'],
        ['a;b.jpg', 'Gøta "1931"\r\nsíða 2'],
      ],
    });
    expect(parseCsv('file,title\nx.jpg,"a, b"').rows).toEqual([
      ['file', 'title'],
      ['x.jpg', 'a, b'],
    ]);
    expect(() => parseCsv('file,title\nx.jpg,"open')).toThrow('never closed');
  });

  it('writes fields a spreadsheet reads back as they were, never as formulas', () => {
    const line = csvLine(['=HYPERLINK("x")', 'a,b', 'Gøta', null]);
    expect(line).toBe('"\'=HYPERLINK(""x"")","a,b",Gøta,\r\n');
    expect(parseCsv(line).rows).toEqual([['\'=HYPERLINK("x")', 'a,b', 'Gøta', '']]);
  });

  it('knows the spec’s field names, file first, and refuses any other column by name', () => {
    expect(readHeader([...IMPORT_COLUMNS])).toEqual({ ok: true, columns: [...IMPORT_COLUMNS] });
    expect(readHeader(['file', 'Title', 'tags'])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^unknown columns "Title", "tags"\. The columns are: file, title,/),
    });
    expect(readHeader(['title'])).toMatchObject({ ok: false, message: expect.stringContaining('"file"') });
    expect(readHeader(['file', 'title', 'title'])).toEqual({
      ok: false,
      message: 'column "title" appears twice.',
    });
  });

  it('checks each value as the upload form does, naming the column', () => {
    const header = readHeader(['file', 'original_date', 'rights', 'is_public', 'keywords']);
    if (!header.ok) throw new Error(header.message);
    expect(readRow(header.columns, ['a.jpg', 'um 1930', '', 'nei', 'bátar, Gøta'])).toEqual({
      ok: true,
      value: { fields: { originalDate: 'um 1930', isPublic: false, keywords: ['bátar', 'Gøta'] } },
    });
    expect(readRow(header.columns, ['a.jpg', 'some day', '', '', ''])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^original_date: /),
    });
    expect(readRow(header.columns, ['a.jpg', '', 'CC-BY', '', ''])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^rights: Choose one of the rights statements/),
    });
    expect(readRow(header.columns, ['a.jpg', '', '', 'maybe', ''])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^is_public: /),
    });
  });

  it('reads the documented template and example without a refusal', () => {
    const template = parseCsv(readFileSync(join(docs, 'import-template.csv'), 'utf8')).rows;
    expect(template).toEqual([[...IMPORT_COLUMNS]]);
    const [head, ...rows] = parseCsv(readFileSync(join(docs, 'import-example.csv'), 'utf8')).rows;
    const header = readHeader(head!);
    if (!header.ok) throw new Error(header.message);
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) expect(readRow(header.columns, row)).toMatchObject({ ok: true });
  });
});
