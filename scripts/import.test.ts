import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '#server/db/database.ts';
import { PgliteThread, PgliteThreadDialect } from '#server/db/pglite-thread.ts';
import type { Database } from '#server/db/schema.ts';
import { SIDECAR_MAX_BYTES } from '#common/limits.ts';
import { parseCsv } from '#server/import/csv.ts';
import { POSTGRES_TEMPLATE, testEngine } from '#server/test/engine.ts';
import { builtScript } from '#server/test/built.ts';
import { exifFixture, exifFixtures } from '#server/test/fixtures.ts';
import { pollUntil } from '#server/test/poll.ts';
import { startS3rver } from '#server/test/s3rver.ts';
import { copyMigratedPglite } from '#server/test/migrated-pglite.ts';
import { scratchPostgres } from '#server/test/scratch-postgres.ts';

/**
 * `npm run import` as a real process on a real archive: the embedded database in a DATA_DIR (the
 * server stopped), or a PostgreSQL database with its files in S3 (s3rver). Files are the camera
 * JPEGs of exif@0.6.0.
 */
const root = resolve(import.meta.dirname, '..');
const engine = testEngine();
const ADMIN_EMAIL = 'import-admin@example.org';
/** scripts/import.ts bundled once per run: tsx would transform it and the server's modules at each start. */
const importScript = await builtScript('import');

const running = new Set<ChildProcess>();
const work = mkdtempSync(join(tmpdir(), 'import-cli-'));
const dataDir = join(work, 'data');
let env: NodeJS.ProcessEnv;
let cleanup: () => Promise<void> = async () => {};

/** The archive's database, opened while no import runs (PGlite is one process's at a time). */
async function openArchive(): Promise<{ db: Kysely<Database>; close(): Promise<void> }> {
  const handle: DatabaseHandle =
    engine === 'pglite' ? await openPglite(join(dataDir, 'db')) : await openPostgres(env.DATABASE_URL!);
  return { db: handle.db, close: () => handle.close() };
}

async function withArchive<T>(read: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const archive = await openArchive();
  try {
    return await read(archive.db);
  } finally {
    await archive.close();
  }
}

/** Starts `npm run import -- …` as node itself (no wrapper to outlive a SIGKILL). */
function start(args: string[]) {
  const child = spawn(process.execPath, [importScript, ...args], {
    cwd: root,
    env,
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr!.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const exited = new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>((r) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      r({ code, signal, stdout, stderr: ourLines(stderr) });
    }),
  );
  return { child, exited };
}

const run = (args: string[]) => start(args).exited;

/** stderr also carries Node's and the AWS SDK's own notices: ours start with Error: or Warning:. */
const ourLines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('Error: ') || l.startsWith('Warning: '))
    .join('\n');

function readReport(file: string) {
  const [header, ...rows] = parseCsv(readFileSync(file, 'utf8')).rows;
  expect(header).toEqual(['file', 'outcome', 'id', 'message', 'sha256']);
  return rows.map(([file, outcome, id, message, sha256]) => ({ file, outcome, id, message, sha256 }));
}

const sha256Of = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

beforeAll(async () => {
  await exifFixtures();
  mkdirSync(dataDir, { recursive: true });
  env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '', LOG_LEVEL: 'silent' };
  delete env.PUBLIC_URL;
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  if (engine === 'pglite') {
    // The migrated template's folder copied in as the archive's database (migrating anew takes far longer).
    await copyMigratedPglite(join(dataDir, 'db'));
    const thread = await PgliteThread.start({ dataDir: join(dataDir, 'db') });
    db = new Kysely<Database>({ dialect: new PgliteThreadDialect(thread) });
    close = async () => {
      await db.destroy();
      await thread.close();
    };
  } else {
    const database = await scratchPostgres({ prefix: 'archive_import', template: POSTGRES_TEMPLATE });
    const s3 = await startS3rver(['archive-import']);
    env = {
      ...env,
      DATABASE_URL: database.url,
      S3_BUCKET: 'archive-import',
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    };
    const handle = await openPostgres(database.url);
    db = handle.db;
    close = () => handle.close();
    cleanup = async () => {
      await database.drop({ force: true });
      await s3.close();
    };
  }
  try {
    await db
      .insertInto('users')
      .values({ email: ADMIN_EMAIL, full_name: 'Importer', role: 'admin' })
      .execute();
  } finally {
    await close();
  }
}, 120_000);

afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await cleanup();
  rmSync(work, { recursive: true, force: true });
});

describe(`npm run import (${engine})`, { timeout: 180_000 }, () => {
  const folder = join(work, 'collection');
  const csv = join(work, 'metadata.csv');

  beforeAll(async () => {
    mkdirSync(join(folder, 'Gøta'), { recursive: true });
    mkdirSync(join(folder, 'Klaksvík', '1950'), { recursive: true });
    copyFileSync(await exifFixture('gps'), join(folder, 'test1.jpg'));
    copyFileSync(await exifFixture('gpsNoOrientation'), join(folder, 'Gøta', 'bátar.jpg'));
    copyFileSync(await exifFixture('orientation8'), join(folder, 'Klaksvík', '1950', 'right.jpg'));
    writeFileSync(join(folder, 'Gøta', 'page.jpg'), '<html><body>not a photo</body></html>');
    writeFileSync(join(folder, '.DS_Store'), 'left out');
    // As Excel writes it in a Faroese locale: a byte-order mark, `;` between fields.
    writeFileSync(
      csv,
      '\uFEFFfile;title;original_date;keywords;category;is_public;copyright_holder;rights\r\n' +
        'Gøta/bátar.jpg;Bátar í Gøtuvík;um 1930;"bátar, Gøta, havn";Bátar;nei;Gøtu Sóknarráð;http://rightsstatements.org/vocab/InC/1.0/\r\n' +
        'test1.jpg;Fyrsta mynd;14. juni 1952;;;;;\r\n' +
        'Gøta/page.jpg;Ikki mynd;;;;;;\r\n' +
        'Gøta/horvin.jpg;Horvin;;;;;;\r\n',
    );
  });

  it('imports a folder with subfolders and a CSV: the fields, folders and report', async () => {
    const report = join(work, 'first.csv');
    const result = await run([folder, '--csv', csv, '--as', ADMIN_EMAIL, '--report', report]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(
      /Imported 3, skipped 0, refused 1, 1 rows without a file, .*recorded under import-admin@example.org/,
    );
    expect(result.code).toBe(2);

    const lines = readReport(report);
    expect(lines.map((l) => [l.file, l.outcome])).toEqual([
      ['Gøta/bátar.jpg', 'imported'],
      ['Gøta/horvin.jpg', 'missing'],
      ['Gøta/page.jpg', 'refused'],
      ['Klaksvík/1950/right.jpg', 'imported'],
      ['test1.jpg', 'imported'],
    ]);
    expect(lines[2]!.message).toBe('"page.jpg" looks like a web page or script, which cannot be accepted');
    expect(lines[3]!.message).toBe('no row in the CSV: imported with the defaults');

    await withArchive(async (db) => {
      const items = await db
        .selectFrom('media_items')
        .leftJoin('folders', 'folders.id', 'media_items.folder_id')
        .leftJoin('categories', 'categories.id', 'media_items.category_id')
        .select([
          'media_items.id',
          'media_items.display_id',
          'media_items.title',
          'media_items.original_date',
          'media_items.original_date_edtf',
          'media_items.keywords',
          'media_items.is_public',
          'media_items.copyright_holder',
          'media_items.copyright_status',
          'media_items.rights',
          'media_items.sha256',
          'media_items.file_name',
          'media_items.processing_status',
          'media_items.watermark_enabled',
          'media_items.created_by',
          'folders.name as folder',
          'categories.name as category',
        ])
        .orderBy('media_items.display_id')
        .execute();
      const byFile = new Map(items.map((i) => [i.file_name, i]));
      expect(items).toHaveLength(3);
      const boats = byFile.get('bátar.jpg')!;
      expect(boats).toMatchObject({
        display_id: lines[0]!.id,
        title: 'Bátar í Gøtuvík',
        original_date: 'um 1930',
        original_date_edtf: '1930~',
        keywords: ['bátar', 'Gøta', 'havn'],
        is_public: false,
        copyright_holder: 'Gøtu Sóknarráð',
        copyright_status: 'copyrighted',
        rights: 'http://rightsstatements.org/vocab/InC/1.0/',
        folder: 'Gøta',
        category: 'Bátar',
        sha256: sha256Of(join(folder, 'Gøta', 'bátar.jpg')),
      });
      expect(byFile.get('right.jpg')).toMatchObject({
        display_id: lines[3]!.id,
        title: 'right',
        folder: 'Klaksvík/1950',
        category: null,
        is_public: true,
      });
      expect(byFile.get('test1.jpg')).toMatchObject({
        title: 'Fyrsta mynd',
        original_date: '14. juni 1952',
        original_date_edtf: '1952-06-14',
        folder: null,
      });
      for (const item of items) expect(item.processing_status).toBe('ready');
      const admin = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', ADMIN_EMAIL)
        .executeTakeFirstOrThrow();
      for (const item of items) expect(item.created_by).toBe(admin.id);
      // Every item has its derivatives, made by the job queue before the import ended.
      const variants = await db.selectFrom('derivatives').select(['owner_id', 'variant']).execute();
      for (const item of items) {
        expect(
          variants
            .filter((v) => v.owner_id === item.id)
            .map((v) => v.variant)
            .sort(),
        ).toEqual(['display', 'download', 'medium', 'thumb']);
      }
      const activity = await db
        .selectFrom('activity_logs')
        .select(['action', 'user_id', 'resource_id', 'details'])
        .where('action', 'in', ['media.created', 'folder.created', 'category.created'])
        .execute();
      expect(activity.filter((a) => a.action === 'media.created')).toHaveLength(3);
      expect(activity.find((a) => a.resource_id === boats.id)).toMatchObject({
        user_id: admin.id,
        details: { via: 'import', file: 'Gøta/bátar.jpg' },
      });
      expect(activity.filter((a) => a.action === 'folder.created')).toHaveLength(2);
      expect(activity.filter((a) => a.action === 'category.created')).toHaveLength(1);
    });
  });

  it('refuses a CSV with a column it does not know, by name, before importing anything', async () => {
    const bad = join(work, 'bad.csv');
    writeFileSync(bad, 'file,titel,title,photografer\ntest1.jpg,a,b,c\n');
    const extra = join(work, 'one-more');
    mkdirSync(extra);
    copyFileSync(await exifFixture('tiny'), join(extra, 'lens.jpg'));
    const result = await run([extra, '--csv', bad, '--report', join(work, 'bad-report.csv')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `Error: nothing was imported: ${bad}: unknown columns "titel", "photografer". The columns are: file, title, description, photographer, location, original_date, source, keywords, category, folder, is_public, is_featured, copyright_status, copyright_holder, commercial_use_allowed, attribution_required, attribution_text, historical_context, technical_notes, rights, place, latitude, longitude (docs/import.md).`,
    );
    expect(existsSync(join(work, 'bad-report.csv'))).toBe(false);
    const count = await withArchive((db) =>
      db
        .selectFrom('media_items')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    );
    expect(Number(count.n)).toBe(3);
  });

  it('skips every file on a second run: already in the archive', async () => {
    const report = join(work, 'second.csv');
    const result = await run([folder, '--csv', csv, '--report', report]);
    expect(result.stdout).toMatch(/Imported 0, skipped 3, refused 1, 1 rows without a file/);
    const lines = readReport(report);
    const first = readReport(join(work, 'first.csv'));
    for (const file of ['Gøta/bátar.jpg', 'Klaksvík/1950/right.jpg', 'test1.jpg']) {
      const id = first.find((l) => l.file === file)!.id;
      expect(lines.find((l) => l.file === file)).toMatchObject({
        outcome: 'skipped',
        id,
        message: `already in the archive as ${id}`,
      });
    }
  });

  it('imports a rescanned copy of a photo it holds, and says which one it looks like', async () => {
    const id = readReport(join(work, 'first.csv')).find((l) => l.file === 'test1.jpg')!.id!;
    const again = join(work, 'rescanned');
    mkdirSync(again);
    const original = await exifFixture('gps');
    const { width } = await sharp(original).metadata();
    await sharp(original)
      .rotate()
      .resize(Math.round(width! / 2))
      .jpeg({ quality: 60 })
      .toFile(join(again, 'skanna.jpg'));
    const report = join(work, 'rescanned.csv');
    const result = await run([again, '--report', report]);
    expect(result.stdout).toMatch(/Imported 1, skipped 0, refused 0/);
    expect(readReport(report)[0]).toMatchObject({
      outcome: 'imported',
      message: expect.stringMatching(new RegExp(`looks like ${id} \\(\\d bits apart\\)`)),
    });
  });

  it('takes a file whose name is written decomposed (as a Mac copies it) by its row in composed form', async () => {
    const mac = join(work, 'mac');
    const name = 'Hvalvík á sumri.jpg';
    mkdirSync(mac);
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6f97' } })
      .jpeg()
      .toFile(join(mac, name.normalize('NFD')));
    const rows = join(work, 'mac.csv');
    writeFileSync(rows, `file,title\n${name.normalize('NFC')},Hvalvík um summarið\n`);
    const report = join(work, 'mac-report.csv');
    const result = await run([mac, '--csv', rows, '--report', report]);
    expect(result.stdout).toMatch(/Imported 1, skipped 0, refused 0, 0 rows without a file/);
    const [line] = readReport(report);
    expect(line).toMatchObject({ file: name.normalize('NFC'), outcome: 'imported' });
    const item = await withArchive((db) =>
      db
        .selectFrom('media_items')
        .select('title')
        .where('display_id', '=', line!.id!)
        .executeTakeFirstOrThrow(),
    );
    expect(item.title).toBe('Hvalvík um summarið');
  });

  it('--update previews an edited CSV field by field, writes nothing on --dry-run, then applies it as one batch', async () => {
    const id = readReport(join(work, 'first.csv')).find((l) => l.file === 'Gøta/bátar.jpg')!.id!;
    const update = join(work, 'update.csv');
    // As Excel saves it in a Faroese locale: a byte-order mark, `;`, CRLF.
    writeFileSync(
      update,
      `\uFEFFdisplay_id;title;location;is_public\r\n${id};Bátar í Gøtuvík við ð;Gøta;ja\r\nPHOTO-99999;Eingin;;\r\n`,
    );
    const item = () =>
      withArchive((db) =>
        db
          .selectFrom('media_items')
          .select(['title', 'location', 'is_public'])
          .where('display_id', '=', id)
          .executeTakeFirstOrThrow(),
      );
    const batches = () =>
      withArchive((db) =>
        db.selectFrom('activity_logs').selectAll().where('action', '=', 'media.batch_updated').execute(),
      );

    const dry = await run(['--update', update, '--dry-run', '--as', ADMIN_EMAIL]);
    expect(dry.stderr).toBe('');
    expect(dry.stdout).toContain('  title: "Bátar í Gøtuvík" → "Bátar í Gøtuvík við ð"');
    expect(dry.stdout).toContain('  location: "" → "Gøta"');
    expect(dry.stdout).toContain('  is_public: "no" → "yes"');
    expect(dry.stdout).toContain('  refused display_id "PHOTO-99999": no item has this display id');
    expect(dry.stdout).toContain('Dry run: 2 rows read, 1 items change, 1 rows refused');
    expect(dry.code).toBe(2);
    expect(await item()).toEqual({ title: 'Bátar í Gøtuvík', location: null, is_public: false });

    const applied = await run(['--update', update, '--as', ADMIN_EMAIL]);
    expect(applied.stderr).toBe('');
    expect(applied.stdout).toContain(
      'Updated 1 items in one batch, recorded under import-admin@example.org.',
    );
    expect(await item()).toEqual({ title: 'Bátar í Gøtuvík við ð', location: 'Gøta', is_public: true });
    const logged = await batches();
    expect(logged).toHaveLength(1);
    expect(logged[0]!.details).toMatchObject({ count: 1, columns: ['title', 'location', 'is_public'] });

    writeFileSync(update, 'display_id,litur\nPHOTO-00001,reytt\n');
    const refused = await run(['--update', update]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^Error: nothing was changed: The CSV is refused: unknown column "litur"\./,
    );

    // The media screen's bound, before anything is read: a sparse file of 8 GiB.
    writeFileSync(update, 'display_id,title\n');
    truncateSync(update, 8 * 1024 ** 3);
    const huge = await run(['--update', update]);
    expect(huge.code).toBe(1);
    expect(ourLines(huge.stderr)).toBe(
      `Error: nothing was changed: The CSV ${update} is refused: it is 8,589,934,592 bytes, more than the 20,971,520 (20 MiB) a CSV may have.`,
    );
  });

  it('continues a run killed with SIGKILL: every file exactly once', async () => {
    // Files of their own (each camera JPEG, and two with bytes after their end so they differ).
    const killFolder = join(work, 'kill');
    mkdirSync(join(killFolder, 'a'), { recursive: true });
    const exif = await exifFixtures();
    const names = ['down-mirrored.jpg', 'evil1.jpg', 'lens_info.jpg', 'short-ascii-MM.jpg', 'test3.jpg'];
    for (const [i, name] of names.entries()) {
      copyFileSync(join(exif, name), join(killFolder, i % 2 ? 'a' : '', name));
    }
    for (const [n, name] of ['test1.jpg', 'test1.jpg', 'test2.jpg'].entries()) {
      const copy = join(killFolder, 'a', `copy${n}-${name}`);
      copyFileSync(join(exif, name), copy);
      appendFileSync(copy, Buffer.from(`copy ${n}`));
    }
    const files = readdirSync(killFolder, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
    const hashes = files.map(sha256Of);

    const journalDir = join(dataDir, 'imports');
    const killed = start([killFolder, '--report', join(work, 'killed.csv')]);
    // Killed as soon as the journal shows a file imported, while others are on their way.
    const journal = () => {
      const [name] = existsSync(journalDir) ? readdirSync(journalDir) : [];
      return name ? readFileSync(join(journalDir, name), 'utf8') : '';
    };
    await pollUntil('a file imported by the first run', () => journal().includes('"outcome":"imported"'), {
      everyMs: 10,
    });
    killed.child.kill('SIGKILL');
    const first = await killed.exited;
    expect(first.signal).toBe('SIGKILL');
    // It was stopped halfway: some files were not done.
    expect(journal().match(/"outcome"/g)!.length).toBeLessThan(files.length);
    expect(existsSync(join(work, 'killed.csv'))).toBe(false);

    // As if the kill had come between an item's commit and its journal line: its file is found by
    // its SHA-256 and reported imported, not imported again.
    const [name] = readdirSync(journalDir);
    const lines0 = journal().split('\n');
    const committed = lines0.findIndex((l) => l.includes('"outcome":"imported"'));
    writeFileSync(join(journalDir, name!), lines0.filter((_, i) => i !== committed).join('\n'));

    const report = join(work, 'resumed.csv');
    const second = await run([killFolder, '--report', report]);
    expect(second.stderr).toBe('');
    expect(second.stdout).toMatch(/Continued the run of this folder/);
    expect(second.stdout).toMatch(/Imported 8, skipped 0, refused 0/);
    expect(second.code).toBe(0);
    const lines = readReport(report);
    expect(lines).toHaveLength(8);
    for (const line of lines) expect(line.outcome).toBe('imported');

    await withArchive(async (db) => {
      const rows = await db
        .selectFrom('media_items')
        .select(['sha256', 'display_id', 'processing_status'])
        .where('sha256', 'in', hashes)
        .execute();
      // Exactly one item per file, each the one the report names.
      expect(rows.map((r) => r.sha256).sort()).toEqual([...hashes].sort());
      expect(rows.map((r) => r.display_id).sort()).toEqual(lines.map((l) => l.id).sort());
      for (const row of rows) expect(row.processing_status).toBe('ready');
    });
    expect(readdirSync(journalDir)).toEqual([]);
  });

  it('takes a bag’s originals with the fields of their .metadata.json sidecars when there is no CSV', async () => {
    // A bag's data/ as npm run export writes it (scripts/bagit-roundtrip.test.ts takes a whole one
    // in with its metadata.csv): an original, its two sidecars, and a sidecar that is no JSON.
    const bagData = join(work, 'bag', 'data');
    mkdirSync(bagData, { recursive: true });
    const exif = await exifFixtures();
    for (const id of ['PHOTO-00042', 'PHOTO-00043']) {
      copyFileSync(join(exif, 'test1.jpg'), join(bagData, `${id}.jpg`));
      appendFileSync(join(bagData, `${id}.jpg`), Buffer.from(`bag ${id}`));
      writeFileSync(join(bagData, `${id}.dc.xml`), '<?xml version="1.0" encoding="UTF-8"?>\n<oai_dc:dc/>\n');
    }
    writeFileSync(
      join(bagData, 'PHOTO-00042.metadata.json'),
      JSON.stringify({
        display_id: 'PHOTO-00042',
        title: 'Gøta úr lofti',
        photographer: 'J. Patursson',
        original_date: 'um 1930',
        keywords: ['Gøta', 'loftmynd'],
        is_public: false,
        category: { id: 'x', display_id: 'CAT-00001', name: 'Loftmyndir', is_public: true },
        folder: { id: 'y', name: 'Bag/1930' },
        rights: 'http://rightsstatements.org/vocab/InC/1.0/',
        watermark: { enabled: false },
      }),
    );
    writeFileSync(join(bagData, 'PHOTO-00043.metadata.json'), '{"title": "cut off');
    // Named like a sidecar, with no original beside it: a file like any other (not media).
    writeFileSync(join(bagData, 'lonely.dc.xml'), '<?xml version="1.0"?><x/>');

    const report = join(work, 'bag-report.csv');
    const result = await run([bagData, '--report', report]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(
      /Imported 1, skipped 0, refused 2, 0 rows without a file, 4 bag sidecars \(metadata, not files to import\), in/,
    );
    expect(result.code).toBe(2);
    const lines = readReport(report);
    expect(lines.map((l) => [l.file, l.outcome])).toEqual([
      ['PHOTO-00042.dc.xml', 'sidecar'],
      ['PHOTO-00042.jpg', 'imported'],
      ['PHOTO-00042.metadata.json', 'sidecar'],
      ['PHOTO-00043.dc.xml', 'sidecar'],
      ['PHOTO-00043.jpg', 'refused'],
      ['PHOTO-00043.metadata.json', 'sidecar'],
      ['lonely.dc.xml', 'refused'],
    ]);
    // After the tests before this one the archive holds this photo as other items: said so too.
    expect(lines[1]!.message).toMatch(
      /^its fields are those of PHOTO-00042\.metadata\.json(; looks like PHOTO-.+)?$/,
    );
    expect(lines[2]!.message).toBe(
      'the metadata of PHOTO-00042.jpg in a bag (npm run export), not a file to import: its fields are read when the CSV has no row for PHOTO-00042.jpg',
    );
    expect(lines[4]!.message).toMatch(/^its sidecar PHOTO-00043\.metadata\.json: it is not JSON \(/);
    const item = await withArchive((db) =>
      db
        .selectFrom('media_items')
        .leftJoin('folders', 'folders.id', 'media_items.folder_id')
        .leftJoin('categories', 'categories.id', 'media_items.category_id')
        .select([
          'media_items.title',
          'media_items.photographer',
          'media_items.original_date_edtf',
          'media_items.keywords',
          'media_items.is_public',
          'media_items.rights',
          'folders.name as folder',
          'categories.name as category',
        ])
        .where('media_items.display_id', '=', lines[1]!.id!)
        .executeTakeFirstOrThrow(),
    );
    expect(item).toEqual({
      title: 'Gøta úr lofti',
      photographer: 'J. Patursson',
      original_date_edtf: '1930~',
      keywords: ['Gøta', 'loftmynd'],
      is_public: false,
      rights: 'http://rightsstatements.org/vocab/InC/1.0/',
      folder: 'Bag/1930',
      category: 'Loftmyndir',
    });
  });

  it('reads a .metadata.json sidecar of exactly 1 MiB and refuses one a byte larger, unread', async () => {
    const bagData = join(work, 'bag-bound', 'data');
    mkdirSync(bagData, { recursive: true });
    const exif = await exifFixtures();
    const sidecarOf = (title: string, bytes: number) => {
      const json = JSON.stringify({ title, photographer: 'J. Patursson' });
      // Padded with whitespace after the object (still JSON), counted in bytes: ø is two.
      return Buffer.from(json + ' '.repeat(bytes - Buffer.byteLength(json)));
    };
    for (const [id, bytes] of [
      ['AT-BOUND', SIDECAR_MAX_BYTES],
      ['OVER-BOUND', SIDECAR_MAX_BYTES + 1],
    ] as const) {
      copyFileSync(join(exif, 'test1.jpg'), join(bagData, `${id}.jpg`));
      appendFileSync(join(bagData, `${id}.jpg`), Buffer.from(`bound ${id}`));
      const sidecar = sidecarOf(`Gøta ${id}`, bytes);
      expect(sidecar.length).toBe(bytes);
      writeFileSync(join(bagData, `${id}.metadata.json`), sidecar);
    }

    const report = join(work, 'bag-bound-report.csv');
    const result = await run([bagData, '--report', report]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/Imported 1, skipped 0, refused 1, 0 rows without a file, 2 bag sidecars/);
    expect(result.code).toBe(2);
    const lines = readReport(report);
    expect(lines.map((l) => [l.file, l.outcome])).toEqual([
      ['AT-BOUND.jpg', 'imported'],
      ['AT-BOUND.metadata.json', 'sidecar'],
      ['OVER-BOUND.jpg', 'refused'],
      ['OVER-BOUND.metadata.json', 'sidecar'],
    ]);
    expect(lines[0]!.message).toMatch(
      /^its fields are those of AT-BOUND\.metadata\.json(; looks like PHOTO-.+)?$/,
    );
    expect(lines[2]!.message).toBe(
      'its sidecar OVER-BOUND.metadata.json: it is 1,048,577 bytes, more than the 1,048,576 (1 MiB) a sidecar may have',
    );
    const titles = await withArchive((db) =>
      db
        .selectFrom('media_items')
        .select(['title', 'photographer'])
        .where('title', 'like', 'Gøta %-BOUND')
        .execute(),
    );
    expect(titles).toEqual([{ title: 'Gøta AT-BOUND', photographer: 'J. Patursson' }]);
  });
});
