import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaType } from '#common/enums.ts';
import { newBlobKey } from '#server/storage/blob-store.ts';
import { S3BlobStore } from '#server/storage/s3-blob-store.ts';
import { testEngine } from '#server/test/engine.ts';
import {
  asRoles,
  buildCategory,
  buildMedia,
  buildMediaMany,
  type RoleClient,
} from '#server/test/factories.ts';
import { alsaWav, exifFixture } from '#server/test/fixtures.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { pollUntil } from '#server/test/poll.ts';
import { startS3rver } from '#server/test/s3rver.ts';
import { OAI_DC_SCHEMA, xmlSchemaErrors } from '#server/test/xml-schema.ts';
import { IMPORT_COLUMNS } from '#server/import/import-fields.ts';
import { ExportError, writeBag } from './bagit.ts';
import { CATALOGUE_COLUMNS, catalogueStream } from './catalogue.ts';
import { EXPORT_PAGE_SIZE, type ExportSite, exportSite } from './export-items.ts';

/**
 * The catalogue export and the preservation package (issue 27 §3, §4), on real files (the
 * fixtures), checked by tools we did not write: Python's csv module reads the CSV, coreutils'
 * sha256sum checks both of the bag's manifests, find and stat recount its Payload-Oxum, and xmllint
 * validates every Dublin Core sidecar against the official oai_dc schema. On PostgreSQL the files
 * are in S3 (s3rver), as in production.
 */
const SITE_TITLE = 'Gøtu Myndasavn';
const dir = mkdtempSync(join(tmpdir(), 'export-test-'));

let t: TestApp;
let s3: Awaited<ReturnType<typeof startS3rver>> | undefined;
let site: ExportSite;
let roles: Record<'admin' | 'editor' | 'viewer' | 'public' | 'anonymous', RoleClient>;

interface Stored {
  id: string;
  display_id: string;
  file_key: string;
  bytes: Buffer;
}
let photo: Stored;
let sound: Stored;
let hidden: Stored;

/** A fixture file stored as an item's original, with its real size and SHA-256. */
async function storeItem(
  path: string,
  media: { type: MediaType; mime: string },
  overrides: Parameters<typeof buildMedia>[1],
): Promise<Stored> {
  const bytes = readFileSync(path);
  const ext = extname(path).slice(1);
  const key = newBlobKey('media', ext);
  await t.ctx.blobs.put(key, bytes, { contentType: media.mime });
  const row = await buildMedia(t, {
    media_type: media.type,
    mime_type: media.mime,
    file_key: key,
    file_name: `upload.${ext}`,
    file_size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    ...overrides,
  });
  return { id: row.id, display_id: row.display_id, file_key: key, bytes };
}

beforeAll(async () => {
  if (testEngine() === 'postgres') s3 = await startS3rver(['export-files']);
  t = await createTestApp(
    s3
      ? { blobs: new S3BlobStore({ bucket: 'export-files', endpoint: s3.endpoint, ...s3.credentials }) }
      : {},
  );
  roles = await asRoles(t);
  expect(
    (await roles.admin.put('/api/admin/settings', { settings: { site_title: SITE_TITLE } })).statusCode,
  ).toBe(200);
  site = await exportSite(t.db, t.ctx.config.publicUrl);
  const open = await buildCategory(t, { name: 'Bygdir' });
  const closed = await buildCategory(t, { name: 'Loyndarmál', is_public: false });
  photo = await storeItem(
    await exifFixture('gps'),
    { type: 'image', mime: 'image/jpeg' },
    {
      title: 'Gøta við kirkjuna – ÆØÐÍÓÚÝÁ æøðíóúýá',
      description: '=HYPERLINK("http://example.com","trýst her")',
      historical_context: 'Fyrsta linja,\n"í gásareygum"; onnur',
      photographer: 'Jóannes Patursson',
      keywords: ['kirkja', 'bátar'],
      location: 'Gøta',
      original_date: '1931',
      category_id: open.id,
      rights: 'http://creativecommons.org/publicdomain/zero/1.0/',
      attribution_text: 'Savnið í Gøtu',
      is_public: true,
    },
  );
  sound = await storeItem(
    await alsaWav(),
    { type: 'audio', mime: 'audio/wav' },
    {
      title: 'Kvæði úr Norðragøtu',
      photographer: '@savnid',
      copyright_holder: '+298 Savn',
      location: '-Gøta-',
      category_id: closed.id,
      is_public: true,
    },
  );
  // A place staff added to the list (not one the archive starts with): the bag carries it.
  const added = await roles.admin.post('/api/admin/places', {
    nameFo: 'Gamla prestagarðurin',
    nameEn: 'The old vicarage',
    latitude: 62.2101,
    longitude: -6.7309,
  });
  expect(added.statusCode, added.body).toBe(201);
  hidden = await storeItem(
    await exifFixture('orientation8'),
    { type: 'image', mime: 'image/jpeg' },
    {
      title: 'Loynd mynd',
      is_public: false,
      technical_notes: 'Skannað 2026',
      place_id: added.json().place.id,
    },
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Python's csv module's reading of a CSV file: its header and rows. */
function readCsvWithPython(path: string): { fields: string[]; rows: Record<string, string>[] } {
  const script =
    'import csv, json, sys\n' +
    "with open(sys.argv[1], encoding='utf-8-sig', newline='') as f:\n" +
    '    r = csv.DictReader(f)\n' +
    '    rows = list(r)\n' +
    "print(json.dumps({'fields': r.fieldnames, 'rows': rows}))\n";
  return JSON.parse(execFileSync('python3', ['-c', script, path], { encoding: 'utf8' }));
}

async function catalogueFile(format: 'csv' | 'json', db = t.db, name = `catalogue.${format}`) {
  const path = join(dir, name);
  await pipeline(catalogueStream(db, site, format), createWriteStream(path));
  return path;
}

describe('npm run export -- --format csv|json: the public catalogue', () => {
  it('writes CSV that Python reads back with Faroese letters intact, formulas guarded, public items only', async () => {
    const path = await catalogueFile('csv');
    expect([...readFileSync(path).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const { fields, rows } = readCsvWithPython(path);
    expect(fields).toEqual([...CATALOGUE_COLUMNS]);
    expect(rows.map((r) => r.display_id)).toEqual([photo.display_id, sound.display_id].sort());
    const p = rows.find((r) => r.display_id === photo.display_id)!;
    expect(p['dc.title[fo]']).toBe('Gøta við kirkjuna – ÆØÐÍÓÚÝÁ æøðíóúýá');
    // A cell that would run as a formula is prefixed; the newline, comma and quotes survive.
    expect(p['dc.description[fo]']).toBe(
      `'=HYPERLINK("http://example.com","trýst her")||Fyrsta linja,\n"í gásareygum"; onnur`,
    );
    expect(p['dc.creator']).toBe('Jóannes Patursson');
    expect(p['dc.subject[fo]']).toBe('kirkja||bátar||Bygdir');
    expect(p['dc.publisher']).toBe(SITE_TITLE);
    expect(p['dc.date']).toBe('1931');
    expect(p['dc.type']).toBe('StillImage');
    expect(p['dc.identifier']).toBe(`${photo.display_id}||${site.publicUrl}/media/${photo.id}`);
    expect(p['dc.rights']).toBe('http://creativecommons.org/publicdomain/zero/1.0/||Savnið í Gøtu');
    expect(p['dc.rights[en]']).toMatch(/CC0/);
    expect(p['dc.rights[fo]']).not.toBe('');
    const s = rows.find((r) => r.display_id === sound.display_id)!;
    expect(s['dc.creator']).toBe("'@savnid");
    expect(s['dc.contributor']).toBe("'+298 Savn");
    expect(s['dc.coverage[fo]']).toBe("'-Gøta-");
    expect(s['dc.language']).toBe('fo');
    // Its category is private: not named, as in OAI-PMH.
    expect(s['dc.subject[fo]']).toBe('');
    expect(s['dc.relation']).toBe('');
    expect(readFileSync(path, 'utf8')).not.toContain('Loyndarmál');
  });

  it('writes JSON: one object per public item, each element with its values and their language', async () => {
    const records = JSON.parse(readFileSync(await catalogueFile('json'), 'utf8'));
    expect(records.map((r: { display_id: string }) => r.display_id)).toEqual(
      [photo.display_id, sound.display_id].sort(),
    );
    const p = records.find((r: { display_id: string }) => r.display_id === photo.display_id);
    expect(p.dc.title).toEqual([{ value: 'Gøta við kirkjuna – ÆØÐÍÓÚÝÁ æøðíóúýá', lang: 'fo' }]);
    expect(p.dc.subject).toEqual([
      { value: 'kirkja', lang: 'fo' },
      { value: 'bátar', lang: 'fo' },
      { value: 'Bygdir', lang: 'fo' },
    ]);
    expect(p.dc.identifier).toEqual([
      { value: photo.display_id },
      { value: `${site.publicUrl}/media/${photo.id}` },
    ]);
    expect(p.dc.rights[0]).toEqual({ value: 'http://creativecommons.org/publicdomain/zero/1.0/' });
  });

  it('GET /api/catalogue/catalogue.csv|json: every role downloads the public items only', async () => {
    const publicIds = [photo.display_id, sound.display_id].sort();
    for (const [role, client] of Object.entries(roles)) {
      const csv = await client.get('/api/catalogue/catalogue.csv');
      expect(csv.statusCode, role).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="catalogue.csv"');
      const path = join(dir, `download-${role}.csv`);
      await pipeline(
        (async function* () {
          yield csv.rawPayload;
        })(),
        createWriteStream(path),
      );
      expect(readCsvWithPython(path).rows.map((r) => r.display_id)).toEqual(publicIds);
      const json = await client.get('/api/catalogue/catalogue.json');
      expect(json.statusCode, role).toBe(200);
      expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(json.json().map((r: { display_id: string }) => r.display_id)).toEqual(publicIds);
      expect(json.body).not.toContain(hidden.display_id);
    }
  });
});

/** The bag's files, as paths relative to it, sorted. */
function filesOf(bag: string): string[] {
  return execFileSync('find', ['.', '-type', 'f', '-printf', '%P\n'], { cwd: bag, encoding: 'utf8' })
    .trim()
    .split('\n')
    .sort();
}

describe('npm run export -- --format bagit: the preservation package', () => {
  it('writes a bag whose manifests sha256sum checks, whose oxum find and stat recount, whose Dublin Core xmllint validates', async () => {
    const bag = join(dir, 'bag-all');
    const summary = await writeBag(t.db, t.ctx.blobs, bag, {
      includePrivate: true,
      site,
      now: new Date('2026-11-27T10:00:00Z'),
    });
    expect(summary).toMatchObject({ dir: bag, items: 3, files: 9 });
    expect(existsSync(`${bag}.partial`)).toBe(false);

    const check = (manifest: string) =>
      execFileSync('sha256sum', ['--check', '--strict', manifest], { cwd: bag, encoding: 'utf8' });
    const payload = check('manifest-sha256.txt');
    expect(payload.trim().split('\n')).toHaveLength(9);
    expect(payload).not.toMatch(/FAILED/);
    expect(check('tagmanifest-sha256.txt').trim().split('\n')).toEqual([
      'bagit.txt: OK',
      'bag-info.txt: OK',
      'manifest-sha256.txt: OK',
      'metadata.csv: OK',
      'places.csv: OK',
    ]);
    // Every payload file is in the manifest, and the bag holds nothing else.
    const listed = readFileSync(join(bag, 'manifest-sha256.txt'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split('  ')[1]!)
      .sort();
    expect(filesOf(bag)).toEqual(
      [
        ...listed,
        'bagit.txt',
        'bag-info.txt',
        'manifest-sha256.txt',
        'tagmanifest-sha256.txt',
        'metadata.csv',
        'places.csv',
      ].sort(),
    );

    const sizes = execFileSync('find', ['data', '-type', 'f', '-exec', 'stat', '-c', '%s', '{}', '+'], {
      cwd: bag,
      encoding: 'utf8',
    })
      .trim()
      .split('\n')
      .map(Number);
    const oxum = `${sizes.reduce((a, b) => a + b, 0)}.${sizes.length}`;
    const info = readFileSync(join(bag, 'bag-info.txt'), 'utf8');
    expect(info).toContain(`\nPayload-Oxum: ${oxum}\n`);
    expect(info).toMatch(new RegExp(`^Source-Organization: ${SITE_TITLE}\n`));
    expect(info).toContain('\nBagging-Date: 2026-11-27\n');
    expect(readFileSync(join(bag, 'bagit.txt'), 'utf8')).toBe(
      'BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n',
    );

    const dcFiles = readdirSync(join(bag, 'data'))
      .filter((f) => f.endsWith('.dc.xml'))
      .map((f) => join(bag, 'data', f));
    expect(dcFiles).toHaveLength(3);
    expect(xmlSchemaErrors(OAI_DC_SCHEMA, { files: dcFiles })).toBe('');

    // The originals, bit for bit, under their display ids.
    expect(readFileSync(join(bag, 'data', `${photo.display_id}.jpg`))).toEqual(photo.bytes);
    expect(readFileSync(join(bag, 'data', `${sound.display_id}.wav`))).toEqual(sound.bytes);
    expect(readFileSync(join(bag, 'data', `${hidden.display_id}.jpg`))).toEqual(hidden.bytes);

    const meta = (s: Stored) =>
      JSON.parse(readFileSync(join(bag, 'data', `${s.display_id}.metadata.json`), 'utf8'));
    expect(meta(hidden)).toMatchObject({
      display_id: hidden.display_id,
      title: 'Loynd mynd',
      is_public: false,
      technical_notes: 'Skannað 2026',
      file: `data/${hidden.display_id}.jpg`,
      sha256: createHash('sha256').update(hidden.bytes).digest('hex'),
      file_size: hidden.bytes.length,
    });
    // Its place with the place's own point, and the bag's list of places for the import.
    const vicarage = { name_fo: 'Gamla prestagarðurin', name_en: 'The old vicarage' };
    expect(meta(hidden).place).toEqual({ ...vicarage, latitude: 62.2101, longitude: -6.7309 });
    const places = readCsvWithPython(join(bag, 'places.csv'));
    expect(places.fields).toEqual(['name_fo', 'name_en', 'latitude', 'longitude']);
    expect(places.rows).toEqual([{ ...vicarage, latitude: '62.2101', longitude: '-6.7309' }]);
    // The package keeps the private category's name; the public description does not give it.
    expect(meta(sound).category).toMatchObject({ name: 'Loyndarmál', is_public: false });
    expect(readFileSync(join(bag, 'data', `${sound.display_id}.dc.xml`), 'utf8')).not.toContain('Loyndarmál');
    // The fields as npm run import reads them (docs/import.md), file names relative to data/.
    const { fields, rows } = readCsvWithPython(join(bag, 'metadata.csv'));
    expect(fields).toEqual([...IMPORT_COLUMNS]);
    expect(rows.map((r) => r.file)).toEqual(
      [`${photo.display_id}.jpg`, `${sound.display_id}.wav`, `${hidden.display_id}.jpg`].sort(),
    );
    expect(rows.find((r) => r.file === `${photo.display_id}.jpg`)).toMatchObject({
      title: 'Gøta við kirkjuna – ÆØÐÍÓÚÝÁ æøðíóúýá',
      description: '=HYPERLINK("http://example.com","trýst her")',
      historical_context: 'Fyrsta linja,\n"í gásareygum"; onnur',
      keywords: 'kirkja, bátar',
      category: 'Bygdir',
      is_public: 'true',
      rights: 'http://creativecommons.org/publicdomain/zero/1.0/',
    });
    expect(rows.find((r) => r.file === `${sound.display_id}.wav`)).toMatchObject({
      category: 'Loyndarmál',
      copyright_holder: '+298 Savn',
    });
    expect(rows.find((r) => r.file === `${hidden.display_id}.jpg`)?.is_public).toBe('false');
    const photoDc = readFileSync(join(bag, 'data', `${photo.display_id}.dc.xml`), 'utf8');
    expect(photoDc).toContain('<dc:title xml:lang="fo">Gøta við kirkjuna – ÆØÐÍÓÚÝÁ æøðíóúýá</dc:title>');
  });

  it('leaves private items out unless asked, and never writes over an existing folder', async () => {
    const bag = join(dir, 'bag-public');
    const summary = await writeBag(t.db, t.ctx.blobs, bag, { includePrivate: false, site });
    expect(summary.items).toBe(2);
    expect(readdirSync(join(bag, 'data')).some((f) => f.startsWith(hidden.display_id))).toBe(false);
    await expect(writeBag(t.db, t.ctx.blobs, bag, { includePrivate: false, site })).rejects.toThrow(
      `${bag} already exists; choose a new folder name.`,
    );
  });

  it('stops at an original that no longer matches its SHA-256 (or is gone), leaving no bag', async () => {
    const bag = join(dir, 'bag-corrupt');
    const changed = Buffer.from(photo.bytes);
    changed[changed.length - 10]! ^= 0xff;
    await t.ctx.blobs.put(photo.file_key, changed, { contentType: 'image/jpeg' });
    try {
      const failed = writeBag(t.db, t.ctx.blobs, bag, { includePrivate: true, site });
      await expect(failed).rejects.toThrow(ExportError);
      await expect(failed).rejects.toThrow(
        new RegExp(
          `^${photo.display_id}: its original \\(${photo.file_key}\\) no longer matches the SHA-256 recorded at upload`,
        ),
      );
      expect(existsSync(bag)).toBe(false);
      expect(existsSync(`${bag}.partial`)).toBe(false);

      await t.ctx.blobs.delete(photo.file_key);
      await expect(writeBag(t.db, t.ctx.blobs, bag, { includePrivate: true, site })).rejects.toThrow(
        `${photo.display_id}: its original (${photo.file_key}) is missing from the file store.`,
      );
      expect(existsSync(bag)).toBe(false);
      expect(existsSync(`${bag}.partial`)).toBe(false);
    } finally {
      await t.ctx.blobs.put(photo.file_key, photo.bytes, { contentType: 'image/jpeg' });
    }
  });
});

describe('the catalogue is read a page at a time', () => {
  let big: TestApp;
  beforeAll(async () => {
    big = await createTestApp();
    await buildMediaMany(big, 2 * EXPORT_PAGE_SIZE + 201, () => ({ is_public: true }));
  }, 60_000);
  afterAll(() => big?.close());

  it('has every item of several pages once, in order, and an item added while it is read', async () => {
    const stream = catalogueStream(big.db, site, 'csv');
    const chunks: Buffer[] = [];
    const reader = stream[Symbol.asyncIterator]();
    chunks.push((await reader.next()).value as Buffer);
    // Only the first page has been asked for: an item added now is in a later page, and is read.
    const late = await buildMedia(big, { title: 'Seinasta mynd', is_public: true });
    for (let next = await reader.next(); !next.done; next = await reader.next()) chunks.push(next.value);
    const path = join(dir, 'big.csv');
    await pipeline(
      (async function* () {
        yield Buffer.concat(chunks);
      })(),
      createWriteStream(path),
    );
    const ids = readCsvWithPython(path).rows.map((r) => r.display_id);
    expect(ids).toHaveLength(2 * EXPORT_PAGE_SIZE + 202);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort());
    expect(ids.at(-1)).toBe(late.display_id);
  });

  it('serves two downloads at once; a third is told to come back (429), and a slot frees when a download ends or is abandoned', async () => {
    const open = () =>
      big.app.inject({ method: 'GET', url: '/api/catalogue/catalogue.json', payloadAsStream: true });
    const first = await open();
    const second = await open();
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const third = await big.app.inject({ method: 'GET', url: '/api/catalogue/catalogue.csv' });
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('TOO_MANY_DOWNLOADS');
    expect(third.headers['retry-after']).toBe('60');
    // One read to its end, one abandoned by its reader: then two can be had at once again.
    let text = '';
    for await (const chunk of first.stream()) text += chunk;
    expect(JSON.parse(text)).toHaveLength(2 * EXPORT_PAGE_SIZE + 202);
    second.raw.res.destroy();
    const pair = await pollUntil('two downloads can be had at once again', async () => {
      const a = await open();
      const b = a.statusCode === 200 ? await open() : undefined;
      if (a.statusCode === 200 && b?.statusCode === 200) return [a, b];
      for (const r of [a, b]) if (r?.statusCode === 200) r.raw.res.destroy();
      return false;
    });
    for (const r of pair) r.raw.res.destroy();
  });
});
