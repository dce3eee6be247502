import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaCsvPreview } from '#common/api/media.ts';
import { createFolder } from '#server/features/folders/folders.repository.ts';
import { UPDATE_COLUMNS } from '#server/import/import-fields.ts';
import { asRoles, buildCategory, buildMedia, type RoleClient } from '#server/test/factories.ts';
import { imageFixture } from '#server/test/fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { multipartUpload } from '#server/test/multipart.ts';

/**
 * The staff CSV round trip (issue 27 §2): export the media screen's list, edit it as Excel would
 * (Python's csv module, a client we did not write: Excel's dialect, `;`, UTF-8 with a BOM), see the
 * preview, apply it.
 */
let t: TestApp;
let admin: RoleClient;
let editor: RoleClient;
let viewer: RoleClient;
let publicUser: RoleClient;
let anonymous: RoleClient;
const dir = mkdtempSync(join(tmpdir(), 'media-csv-'));
/** A word no other item has, so each test's export holds only its own items. */
let n = 0;
const nextN = () => {
  n += 1;
  return n;
};
const tag = () => `Merki${nextN()}x`;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, editor, viewer, public: publicUser, anonymous } = await asRoles(t));
});
afterAll(() => t.close());

async function exportCsv(query: string, as = editor) {
  const res = await as.get(`/api/admin/media/export.csv?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="media-\d{4}-\d{2}-\d{2}\.csv"$/);
  return res.rawPayload;
}

/** Python reads the exported bytes and answers the rows as dicts. */
function pythonRead(bytes: Buffer): Record<string, string>[] {
  const file = join(dir, `read-${nextN()}.csv`);
  writeFileSync(file, bytes);
  const run = spawnSync(
    'python3',
    [
      '-c',
      'import csv,json,sys\nwith open(sys.argv[1], encoding="utf-8-sig", newline="") as f: print(json.dumps(list(csv.DictReader(f))))',
      file,
    ],
    { encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

/**
 * Python edits the exported file as a spreadsheet saved by Excel in a Faroese locale would be:
 * `;` between fields, CRLF, UTF-8 with a BOM. `edits` maps a display id to the cells it changes.
 */
function pythonEdit(
  bytes: Buffer,
  edits: Record<string, Record<string, string>>,
  extraColumn?: string,
): string {
  const input = join(dir, `in-${nextN()}.csv`);
  const output = join(dir, `out-${n}.csv`);
  writeFileSync(input, bytes);
  const script = `
import csv, json, sys
edits = json.loads(sys.argv[3])
extra = sys.argv[4]
with open(sys.argv[1], encoding="utf-8-sig", newline="") as f:
    reader = csv.DictReader(f)
    fields = list(reader.fieldnames) + ([extra] if extra else [])
    rows = list(reader)
with open(sys.argv[2], "w", encoding="utf-8-sig", newline="") as f:
    writer = csv.DictWriter(f, fieldnames=fields, dialect="excel", delimiter=";")
    writer.writeheader()
    for row in rows:
        row.update(edits.get(row["display_id"], {}))
        if extra: row[extra] = "x"
        writer.writerow(row)
`;
  const run = spawnSync('python3', ['-c', script, input, output, JSON.stringify(edits), extraColumn ?? ''], {
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return readFileSync(output, 'utf8');
}

async function preview(csv: string, as = editor) {
  const res = await as.post('/api/admin/media/csv/preview', { csv });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MediaCsvPreview;
}

const batchEntries = () =>
  t.db.selectFrom('activity_logs').selectAll().where('action', '=', 'media.batch_updated').execute();
const item = (id: string) =>
  t.db.selectFrom('media_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('GET /api/admin/media/export.csv', () => {
  it('writes the filtered, searched list with every editable field, UTF-8 with a BOM, formulas guarded', async () => {
    const word = tag();
    const category = await buildCategory(t, { name: `Føroyar ${word}` });
    const folder = await createFolder(t.db, { name: `Mappa ð ${word}`, created_by: admin.user!.id });
    const kept = await buildMedia(t, {
      title: `Ðrøstur á Sandi ${word}`,
      description: 'Línja eitt\nlína tvey; við "gásareygum"',
      keywords: ['bátur', 'sjógvur'],
      category_id: category.id,
      folder_id: folder.id,
      is_public: false,
      original_date: '1952',
    });
    const formula = await buildMedia(t, { title: `=HYPERLINK("http://x") ${word}`, is_public: false });
    await buildMedia(t, { title: `Almenn ${word}`, is_public: true });
    await buildMedia(t, { title: 'Eingin leitiorð', is_public: false });

    const bytes = await exportCsv(`q=${encodeURIComponent(word)}&isPublic=false&sort=title`);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.slice(1, text.indexOf('\r\n'))).toBe(UPDATE_COLUMNS.join(','));
    const rows = pythonRead(bytes);
    expect(rows.map((r) => r.display_id).sort()).toEqual([kept.display_id, formula.display_id].sort());
    const row = rows.find((r) => r.display_id === kept.display_id)!;
    expect(row).toMatchObject({
      title: `Ðrøstur á Sandi ${word}`,
      description: 'Línja eitt\nlína tvey; við "gásareygum"',
      keywords: 'bátur, sjógvur',
      category: `Føroyar ${word}`,
      folder: `Mappa ð ${word}`,
      is_public: 'no',
      is_featured: 'no',
      original_date: '1952',
      copyright_status: 'unknown',
    });
    // A spreadsheet shows the guarded cell as text instead of running it.
    expect(rows.find((r) => r.display_id === formula.display_id)!.title).toBe(
      `'=HYPERLINK("http://x") ${word}`,
    );
  });

  it('is for content staff only', async () => {
    for (const as of [viewer, publicUser, anonymous]) {
      const res = await as.get('/api/admin/media/export.csv');
      expect(res.statusCode).toBe(as === anonymous ? 401 : 403);
    }
    expect((await admin.get('/api/admin/media/export.csv')).statusCode).toBe(200);
  });
});

describe('POST /api/admin/media/csv/preview and /apply', () => {
  it('previews the edited file field by field, writes nothing, then applies it in one logged batch', async () => {
    const word = tag();
    const a = await buildMedia(t, { title: `Ærgisligt ${word}`, location: 'Tórshavn', keywords: ['hav'] });
    const b = await buildMedia(t, { title: `=1+1 ${word}`, is_featured: false });
    const c = await buildMedia(t, { title: `Óbroytt ${word}` });
    const exported = await exportCsv(`q=${encodeURIComponent(word)}&sort=oldest`);
    const edited = pythonEdit(exported, {
      [a.display_id]: { title: `Ærgisligt á Ðrøstskeri ${word}`, location: '', keywords: 'hav, ø, fjøra' },
      [b.display_id]: { is_featured: 'Ja', description: 'Nýggj lýsing við ð og ø' },
    });
    expect(edited.startsWith('\uFEFF')).toBe(true);
    expect(edited.split('\r\n')[0]).toContain(';');

    const shown = await preview(edited);
    expect(shown).toMatchObject({ rows: 3, changed: 2, refusedRows: 0 });
    expect(shown.items).toEqual([
      {
        line: expect.any(Number),
        displayId: a.display_id,
        id: a.id,
        title: a.title,
        refused: [],
        changes: [
          { column: 'title', old: a.title, new: `Ærgisligt á Ðrøstskeri ${word}` },
          { column: 'location', old: 'Tórshavn', new: '' },
          { column: 'keywords', old: 'hav', new: 'hav, ø, fjøra' },
        ],
      },
      {
        line: expect.any(Number),
        displayId: b.display_id,
        id: b.id,
        title: b.title,
        refused: [],
        changes: [
          { column: 'description', old: '', new: 'Nýggj lýsing við ð og ø' },
          { column: 'is_featured', old: 'no', new: 'yes' },
        ],
      },
    ]);
    // Nothing written by the preview.
    expect((await item(a.id)).title).toBe(a.title);
    const logged = (await batchEntries()).length;

    const res = await editor.post('/api/admin/media/csv/apply', {
      csv: edited,
      fingerprint: shown.fingerprint,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ changed: 2 });
    expect(await item(a.id)).toMatchObject({
      title: `Ærgisligt á Ðrøstskeri ${word}`,
      location: null,
      keywords: ['hav', 'ø', 'fjøra'],
    });
    // The guarded formula came back as it was; only the edited fields changed.
    expect(await item(b.id)).toMatchObject({
      title: b.title,
      is_featured: true,
      description: 'Nýggj lýsing við ð og ø',
    });
    expect((await item(c.id)).updated_at).toEqual(c.updated_at);
    const entries = await batchEntries();
    expect(entries).toHaveLength(logged + 1);
    expect(entries.at(-1)).toMatchObject({ user_id: editor.user!.id, resource_type: 'media' });
    expect(entries.at(-1)!.details).toMatchObject({ count: 2 });
    // No per-item entries beside the batch's.
    const perItem = await t.db
      .selectFrom('activity_logs')
      .select('id')
      .where('resource_id', 'in', [a.id, b.id])
      .execute();
    expect(perItem).toHaveLength(0);

    // The file exported again reads the same as the file applied.
    const again = pythonRead(await exportCsv(`q=${encodeURIComponent(word)}`));
    expect(again.find((r) => r.display_id === a.display_id)!.title).toBe(`Ærgisligt á Ðrøstskeri ${word}`);
    expect((await preview(edited)).changed).toBe(0);
  });

  it('refuses unknown columns by name before reading a row', async () => {
    const word = tag();
    await buildMedia(t, { title: word });
    const edited = pythonEdit(await exportCsv(`q=${word}`), {}, 'litur');
    const res = await editor.post('/api/admin/media/csv/preview', { csv: edited });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'CSV_COLUMNS', message: expect.stringContaining('"litur"') });
    const noId = await editor.post('/api/admin/media/csv/preview', { csv: 'title\r\nX\r\n' });
    expect(noId.json()).toMatchObject({
      code: 'CSV_COLUMNS',
      message: expect.stringContaining('display_id'),
    });
  });

  it('refuses values the edit form refuses, unknown ids and unknown places, and writes nothing of those rows', async () => {
    const word = tag();
    const good = await buildMedia(t, { title: `Góð ${word}` });
    const bad = await buildMedia(t, { title: `Ring ${word}` });
    const exported = await exportCsv(`q=${word}`);
    const edited = pythonEdit(exported, {
      [good.display_id]: { photographer: 'Jóannes Patursson' },
      [bad.display_id]: {
        title: '  ',
        is_public: 'kanska',
        original_date: 'í gjár um kvøldið',
        category: 'Ongin slíkur bólkur',
        rights: 'http://example.org/mín',
        location: 'Klaksvík',
      },
    });
    const lines = edited.split('\r\n');
    const withGhost = [
      ...lines.slice(0, -1),
      `PHOTO-99999;${';'.repeat(UPDATE_COLUMNS.length - 2)}`,
      '',
    ].join('\r\n');
    const shown = await preview(withGhost);
    expect(shown).toMatchObject({ rows: 3, changed: 1, refusedRows: 2 });
    const badItem = shown.items.find((i) => i.displayId === bad.display_id)!;
    expect(badItem.refused.map((r) => r.column)).toEqual([
      'title',
      'original_date',
      'category',
      'is_public',
      'rights',
    ]);
    expect(badItem.refused.find((r) => r.column === 'title')!.message).toBe('Title is required');
    expect(badItem.refused.find((r) => r.column === 'is_public')).toEqual({
      column: 'is_public',
      value: 'kanska',
      message: 'write yes or no',
    });
    expect(badItem.refused.find((r) => r.column === 'category')!.value).toBe('Ongin slíkur bólkur');
    // The refused row's acceptable change is shown, and not written.
    expect(badItem.changes).toEqual([{ column: 'location', old: '', new: 'Klaksvík' }]);
    expect(shown.items.find((i) => i.displayId === 'PHOTO-99999')!.refused).toEqual([
      { column: 'display_id', value: 'PHOTO-99999', message: 'no item has this display id' },
    ]);

    const res = await editor.post('/api/admin/media/csv/apply', {
      csv: withGhost,
      fingerprint: shown.fingerprint,
    });
    expect(res.json()).toEqual({ changed: 1 });
    expect((await item(good.id)).photographer).toBe('Jóannes Patursson');
    expect(await item(bad.id)).toMatchObject({ title: bad.title, location: null, is_public: true });
  });

  it('round-trips the place by its Faroese name and the point; an unknown place and half a point are refused by name', async () => {
    const word = tag();
    const places = (await anonymous.get('/api/places')).json().places as {
      id: string;
      nameFo: string;
      latitude: number;
      longitude: number;
    }[];
    const gota = places.find((p) => p.nameFo === 'Norðragøta')!;
    const vagur = places.find((p) => p.nameFo === 'Vágur')!;
    const placed = await buildMedia(t, {
      title: `Stað ${word}`,
      place_id: gota.id,
      latitude: 62.2001,
      longitude: -6.7402,
    });
    const plain = await buildMedia(t, { title: `Einki stað ${word}` });
    const half = await buildMedia(t, { title: `Hálvt ${word}` });
    const unknown = await buildMedia(t, { title: `Ókent ${word}` });
    const exported = await exportCsv(`q=${word}`);
    const rows = pythonRead(exported);
    expect(rows.find((r) => r.display_id === placed.display_id)).toMatchObject({
      place: 'Norðragøta',
      latitude: '62.2001',
      // Guarded: a spreadsheet would read a leading minus as a formula.
      longitude: "'-6.7402",
    });
    expect(rows.find((r) => r.display_id === plain.display_id)).toMatchObject({
      place: '',
      latitude: '',
      longitude: '',
    });

    const edited = pythonEdit(exported, {
      // Another place in another case, and a point written with a decimal comma.
      [placed.display_id]: { place: 'vágur', latitude: '61,475', longitude: '-6.807' },
      [plain.display_id]: { latitude: '62.1', longitude: '-6.9' },
      [half.display_id]: { latitude: '62.1' },
      [unknown.display_id]: { place: 'Atlantis', latitude: '95', longitude: '-6.9' },
    });
    const shown = await preview(edited);
    expect(shown).toMatchObject({ rows: 4, changed: 2, refusedRows: 2 });
    const changes = (id: string) => shown.items.find((i) => i.displayId === id)!;
    expect(changes(placed.display_id).changes).toEqual([
      { column: 'place', old: 'Norðragøta', new: 'Vágur' },
      { column: 'latitude', old: '62.2001', new: '61.475' },
      { column: 'longitude', old: '-6.7402', new: '-6.807' },
    ]);
    expect(changes(half.display_id).refused).toEqual([
      { column: 'longitude', value: '', message: 'give both latitude and longitude, or neither' },
    ]);
    expect(changes(unknown.display_id).refused).toEqual([
      { column: 'place', value: 'Atlantis', message: 'there is no place of this name in the list' },
      { column: 'latitude', value: '95', message: 'Latitude must be between -90 and 90' },
    ]);

    const res = await editor.post('/api/admin/media/csv/apply', {
      csv: edited,
      fingerprint: shown.fingerprint,
    });
    expect(res.json()).toEqual({ changed: 2 });
    expect(await item(placed.id)).toMatchObject({ place_id: vagur.id, latitude: 61.475, longitude: -6.807 });
    expect(await item(plain.id)).toMatchObject({ place_id: null, latitude: 62.1, longitude: -6.9 });
    expect(await item(half.id)).toMatchObject({ latitude: null, longitude: null });
    expect(await item(unknown.id)).toMatchObject({ place_id: null, latitude: null });
    // Emptied, the place and the point go.
    const again = await exportCsv(`q=${word}`);
    const cleared = pythonEdit(again, { [placed.display_id]: { place: '', latitude: '', longitude: '' } });
    const second = await preview(cleared);
    expect(second).toMatchObject({ changed: 1, refusedRows: 0 });
    await editor.post('/api/admin/media/csv/apply', { csv: cleared, fingerprint: second.fingerprint });
    expect(await item(placed.id)).toMatchObject({ place_id: null, latitude: null, longitude: null });
  });

  it('refuses to apply when the items changed since the preview', async () => {
    const word = tag();
    const a = await buildMedia(t, { title: `Fyrr ${word}` });
    const edited = pythonEdit(await exportCsv(`q=${word}`), { [a.display_id]: { source: 'Skjalasavnið' } });
    const shown = await preview(edited);
    const patched = await admin.patch(`/api/admin/media/${a.id}`, { photographer: 'Onkur annar' });
    expect(patched.statusCode, patched.body).toBe(200);
    const logged = (await batchEntries()).length;
    const res = await editor.post('/api/admin/media/csv/apply', {
      csv: edited,
      fingerprint: shown.fingerprint,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'STALE_PREVIEW' });
    expect((await item(a.id)).source).toBeNull();
    expect(await batchEntries()).toHaveLength(logged);
  });

  it('writes all or nothing: a failure on the last item leaves the first as it was and logs nothing', async () => {
    const word = tag();
    const a = await buildMedia(t, { title: `Fyrsta ${word}` });
    const b = await buildMedia(t, { title: `Seinasta ${word}` });
    // The database refuses one item's new value, as a constraint or a lost connection would.
    await sql`create or replace function refuse_boom() returns trigger language plpgsql as $$ begin if new.technical_notes = 'BOOM' then raise exception 'boom'; end if; return new; end $$`.execute(
      t.db,
    );
    await sql`create trigger refuse_boom before update on media_items for each row execute function refuse_boom()`.execute(
      t.db,
    );
    try {
      const edited = pythonEdit(await exportCsv(`q=${word}&sort=oldest`), {
        [a.display_id]: { technical_notes: 'Skannað 600 dpi' },
        [b.display_id]: { technical_notes: 'BOOM' },
      });
      const shown = await preview(edited);
      expect(shown.changed).toBe(2);
      const logged = (await batchEntries()).length;
      const res = await editor.post('/api/admin/media/csv/apply', {
        csv: edited,
        fingerprint: shown.fingerprint,
      });
      expect(res.statusCode).toBe(500);
      expect((await item(a.id)).technical_notes).toBeNull();
      expect(await batchEntries()).toHaveLength(logged);
    } finally {
      await sql`drop trigger refuse_boom on media_items`.execute(t.db);
    }
  });

  it('a rights change to or from the public domain makes the pictures again, with or without the mark, when the mark follows the rights', async () => {
    const InC = 'http://rightsstatements.org/vocab/InC/1.0/';
    const BY = 'http://creativecommons.org/licenses/by/4.0/';
    const PDM = 'http://creativecommons.org/publicdomain/mark/1.0/';
    const word = tag();
    // Real photos through the upload, their pictures made by the real job: watermarked.
    const upload = async (title: string) => {
      const path = await imageFixture('jpeg', { width: 900, height: 600, name: `${title}.jpg` });
      const { payload, headers } = multipartUpload({ title, rights: InC }, { path });
      const res = await editor.post('/api/admin/media', payload, headers);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().media as { id: string; displayId: string };
    };
    const freed = await upload(`Frítt ${word}`);
    const licensed = await upload(`Loyvt ${word}`);
    const retitled = await upload(`Heiti ${word}`);
    await t.jobs.drain();
    const display = (id: string) =>
      t.db
        .selectFrom('derivatives')
        .select(['file_key', 'watermarked'])
        .where('owner_id', '=', id)
        .where('variant', '=', 'display')
        .executeTakeFirstOrThrow();
    const queued = async () =>
      (await t.db.selectFrom('jobs').select('payload').where('status', '=', 'queued').execute()).map(
        (j) => j.payload.ownerId as string,
      );
    for (const item of [freed, licensed, retitled]) expect((await display(item.id)).watermarked).toBe(true);
    const before = await display(freed.id);

    const setting = (on: boolean) =>
      admin.put('/api/admin/settings', { settings: { watermark_follows_rights: String(on) } });
    const apply = async (edits: Record<string, Record<string, string>>) => {
      const edited = pythonEdit(await exportCsv(`q=${encodeURIComponent(word)}&sort=oldest`), edits);
      const shown = await preview(edited);
      const res = await editor.post('/api/admin/media/csv/apply', {
        csv: edited,
        fingerprint: shown.fingerprint,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().changed as number;
    };
    try {
      // The setting off (the default): the statement changes, the pictures are left as they are.
      expect(await apply({ [freed.displayId]: { rights: PDM } })).toBe(1);
      expect(await queued()).not.toContain(freed.id);
      expect(await apply({ [freed.displayId]: { rights: InC } })).toBe(1);

      expect((await setting(true)).statusCode).toBe(200);
      // Public domain: made again without the mark; another licence or a title: nothing made again.
      expect(
        await apply({
          [freed.displayId]: { rights: PDM },
          [licensed.displayId]: { rights: BY },
          [retitled.displayId]: { title: `Nýtt heiti ${word}` },
        }),
      ).toBe(3);
      expect((await queued()).filter((id) => [freed.id, licensed.id, retitled.id].includes(id))).toEqual([
        freed.id,
      ]);
      await t.jobs.drain();
      const after = await display(freed.id);
      expect(after.watermarked).toBe(false);
      expect(after.file_key).not.toBe(before.file_key);
      expect((await display(licensed.id)).watermarked).toBe(true);

      // Back under copyright: made again with the mark.
      expect(await apply({ [freed.displayId]: { rights: InC } })).toBe(1);
      expect(await queued()).toContain(freed.id);
      await t.jobs.drain();
      expect((await display(freed.id)).watermarked).toBe(true);
    } finally {
      await setting(false);
    }
  });

  it('is for content staff only', async () => {
    for (const as of [viewer, publicUser, anonymous]) {
      const previewed = await as.post('/api/admin/media/csv/preview', { csv: 'display_id\r\n' });
      expect(previewed.statusCode).toBe(as === anonymous ? 401 : 403);
      const applied = await as.post('/api/admin/media/csv/apply', {
        csv: 'display_id\r\n',
        fingerprint: '0'.repeat(64),
      });
      expect(applied.statusCode).toBe(as === anonymous ? 401 : 403);
    }
  });
});
