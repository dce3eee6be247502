import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvLine, parseCsv } from './csv.ts';
import {
  IMPORT_COLUMNS,
  readHeader,
  readRow,
  readUpdateCell,
  readUpdateHeader,
  UPDATE_COLUMNS,
  unguardCell,
} from './import-fields.ts';

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

  it('reads a place by name and a point, both coordinates or neither, in range', () => {
    const header = readHeader(['file', 'place', 'latitude', 'longitude']);
    if (!header.ok) throw new Error(header.message);
    expect(readRow(header.columns, ['a.jpg', 'Norðragøta', '', ''])).toEqual({
      ok: true,
      value: { fields: {}, place: 'Norðragøta' },
    });
    expect(readRow(header.columns, ['a.jpg', '', '62,2', '-6.74'])).toEqual({
      ok: true,
      value: { fields: { latitude: 62.2, longitude: -6.74 } },
    });
    expect(readRow(header.columns, ['a.jpg', '', '62.2', ''])).toEqual({
      ok: false,
      message: 'latitude: Give both latitude and longitude, or neither',
    });
    expect(readRow(header.columns, ['a.jpg', '', '62.2', '-190'])).toEqual({
      ok: false,
      message: 'longitude: Longitude must be between -180 and 180',
    });
    expect(readUpdateCell('latitude', "'-61,5")).toEqual({ ok: true, value: -61.5, text: '-61.5' });
    expect(readUpdateCell('latitude', '')).toEqual({ ok: true, value: null, text: '' });
    expect(readUpdateCell('longitude', 'vestur')).toMatchObject({ ok: false });
    expect(readUpdateCell('place', ' Vágur ')).toEqual({ ok: true, value: 'Vágur', text: 'Vágur' });
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

describe('the staff round trip CSV (--update, media management)', () => {
  it('has the display id and every editable column, and refuses others by name', () => {
    expect(UPDATE_COLUMNS).toEqual(['display_id', ...IMPORT_COLUMNS.filter((c) => c !== 'file')]);
    expect(readUpdateHeader(['display_id', 'title', 'litur', 'file'])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^unknown columns "litur", "file"\./),
    });
    expect(readUpdateHeader(['title'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('display_id'),
    });
    expect(readUpdateHeader([' display_id ', 'title'])).toEqual({
      ok: true,
      columns: ['display_id', 'title'],
    });
  });

  it('checks a cell as the edit form does: empty clears a text, never a title, a yes/no or the rights', () => {
    expect(readUpdateCell('location', '  ')).toEqual({ ok: true, value: null, text: '' });
    expect(readUpdateCell('title', '')).toEqual({ ok: false, message: 'Title is required' });
    expect(readUpdateCell('is_public', 'Ja')).toEqual({ ok: true, value: true, text: 'yes' });
    expect(readUpdateCell('is_public', '')).toEqual({ ok: false, message: 'write yes or no' });
    expect(readUpdateCell('keywords', 'ø, , fjøra ')).toEqual({
      ok: true,
      value: ['ø', 'fjøra'],
      text: 'ø, fjøra',
    });
    expect(readUpdateCell('keywords', '')).toEqual({ ok: true, value: null, text: '' });
    expect(readUpdateCell('rights', '').ok).toBe(false);
    expect(readUpdateCell('original_date', 'í gjár um kvøldið').ok).toBe(false);
    expect(readUpdateCell('category', 'Bátar')).toEqual({ ok: true, value: 'Bátar', text: 'Bátar' });
  });

  it('undoes the export’s formula guard, and only that', () => {
    expect(unguardCell("'=1+1")).toBe('=1+1');
    expect(unguardCell("''=1+1")).toBe("'=1+1");
    expect(unguardCell("'Gøta")).toBe("'Gøta");
    expect(readUpdateCell('title', "'-5 stig")).toEqual({ ok: true, value: '-5 stig', text: '-5 stig' });
  });
});
