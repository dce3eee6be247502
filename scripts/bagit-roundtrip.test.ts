import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtScript } from '#server/test/built.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '#server/db/database.ts';
import { PgliteThread, PgliteThreadDialect } from '#server/db/pglite-thread.ts';
import type { Database } from '#server/db/schema.ts';
import { parseCsv } from '#server/import/csv.ts';
import { readHeader, readRow, readSidecarFields } from '#server/import/import-fields.ts';
import { type BlobStore, newBlobKey } from '#server/storage/blob-store.ts';
import { LocalBlobStore } from '#server/storage/local-blob-store.ts';
import { S3BlobStore } from '#server/storage/s3-blob-store.ts';
import { POSTGRES_TEMPLATE, testEngine } from '#server/test/engine.ts';
import { alsaWav, exifFixture, minimalPdf, openXmlFile } from '#server/test/fixtures.ts';
import { startS3rver } from '#server/test/s3rver.ts';
import { copyMigratedPglite } from '#server/test/migrated-pglite.ts';
import { scratchPostgres } from '#server/test/scratch-postgres.ts';
import { OAI_DC_SCHEMA, xmlSchemaErrors } from '#server/test/xml-schema.ts';

/**
 * The BagIt round trip (issue 27 §4): an archive whose items have every field filled is exported
 * as a bag (`npm run export -- --format bagit --include-private`), and the bag is taken into an
 * empty archive (`npm run import -- BAG/data --csv BAG/metadata.csv`), both as real processes.
 * The copy holds the same items: every field equal, and each stored original bit-identical (its
 * SHA-256, read back from the copy's file store, is the bag manifest's). Display ids may differ:
 * an item of the copy is found by the import's report line for its bag file (data/PHOTO-00001.jpg
 * is the source's PHOTO-00001). On PostgreSQL both archives keep their files in S3 (s3rver).
 */
const root = resolve(import.meta.dirname, '..');
const engine = testEngine();
const ADMIN_EMAIL = 'bag-admin@example.org';
const work = mkdtempSync(join(tmpdir(), 'bag-roundtrip-'));
const cleanups: (() => Promise<void>)[] = [];

interface Archive {
  env: NodeJS.ProcessEnv;
  open(): Promise<DatabaseHandle>;
  blobs: BlobStore;
}

let s3: Awaited<ReturnType<typeof startS3rver>> | undefined;

/** An empty archive (migrated, with one admin) in its own DATA_DIR, or PostgreSQL database and bucket. */
async function emptyArchive(name: string): Promise<Archive> {
  const dataDir = join(work, name);
  mkdirSync(dataDir, { recursive: true });
  let env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    S3_BUCKET: '',
    LOG_LEVEL: 'silent',
  };
  delete env.PUBLIC_URL;
  let archive: Archive;
  if (engine === 'pglite') {
    // The migrated template's folder copied in as the archive's database (migrating anew takes far longer).
    await copyMigratedPglite(join(dataDir, 'db'));
    const thread = await PgliteThread.start({ dataDir: join(dataDir, 'db') });
    const db = new Kysely<Database>({ dialect: new PgliteThreadDialect(thread) });
    try {
      await db.insertInto('users').values({ email: ADMIN_EMAIL, full_name: 'Bag', role: 'admin' }).execute();
    } finally {
      await db.destroy();
      await thread.close();
    }
    archive = {
      env,
      open: () => openPglite(join(dataDir, 'db')),
      blobs: new LocalBlobStore(join(dataDir, 'files')),
    };
  } else {
    const database = await scratchPostgres({ prefix: `archive_bag_${name}`, template: POSTGRES_TEMPLATE });
    cleanups.push(() => database.drop({ force: true }));
    const bucket = `bag-${name}`;
    env = {
      ...env,
      DATABASE_URL: database.url,
      S3_BUCKET: bucket,
      S3_ENDPOINT: s3!.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: s3!.credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3!.credentials.secretAccessKey,
    };
    const handle = await openPostgres(database.url);
    try {
      await handle.db
        .insertInto('users')
        .values({ email: ADMIN_EMAIL, full_name: 'Bag', role: 'admin' })
        .execute();
    } finally {
      await handle.close();
    }
    archive = {
      env,
      open: () => openPostgres(database.url),
      blobs: new S3BlobStore({ bucket, endpoint: s3!.endpoint, ...s3!.credentials }),
    };
  }
  return archive;
}

/** The scripts bundled once per run: tsx would transform them and the server's modules at each start. */
const scripts = { import: await builtScript('import'), export: await builtScript('export') };

/** `npm run SCRIPT -- ARGS` as node itself, on an archive. */
function run(script: 'import' | 'export', args: string[], archive: Archive) {
  const child = spawn(process.execPath, [scripts[script], ...args], {
    cwd: root,
    env: archive.env,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((r) =>
    child.once('exit', (code) =>
      r({
        code,
        stdout,
        // Node's and the AWS SDK's own notices aside: ours start with Error: or Warning:.
        stderr: stderr
          .split('\n')
          .filter((l) => l.startsWith('Error: ') || l.startsWith('Warning: '))
          .join('\n'),
      }),
    ),
  );
}

/** Every item with every field the CSV carries, its category's and folder's names, and its file. */
async function itemsOf(archive: Archive) {
  const handle = await archive.open();
  try {
    return await handle.db
      .selectFrom('media_items')
      .leftJoin('folders', 'folders.id', 'media_items.folder_id')
      .leftJoin('categories', 'categories.id', 'media_items.category_id')
      .leftJoin('places', 'places.id', 'media_items.place_id')
      .select([
        'media_items.display_id',
        'media_items.title',
        'media_items.description',
        'media_items.photographer',
        'media_items.location',
        'media_items.original_date',
        'media_items.original_date_edtf',
        'media_items.original_date_earliest',
        'media_items.original_date_latest',
        'media_items.source',
        'media_items.keywords',
        'media_items.is_public',
        'media_items.is_featured',
        'media_items.copyright_status',
        'media_items.copyright_holder',
        'media_items.commercial_use_allowed',
        'media_items.attribution_required',
        'media_items.attribution_text',
        'media_items.historical_context',
        'media_items.technical_notes',
        'media_items.rights',
        'media_items.media_type',
        'media_items.mime_type',
        'media_items.file_size',
        'media_items.sha256',
        'media_items.file_key',
        'media_items.processing_status',
        'categories.name as category',
        'folders.name as folder',
        'places.name_fo as place',
        'media_items.latitude',
        'media_items.longitude',
      ])
      .orderBy('media_items.display_id')
      .execute();
  } finally {
    await handle.close();
  }
}

/** The places the items have, with their own points. */
async function placesOf(archive: Archive) {
  const handle = await archive.open();
  try {
    return await handle.db
      .selectFrom('places')
      .select(['name_fo', 'name_en', 'latitude', 'longitude'])
      .where('id', 'in', (eb) =>
        eb.selectFrom('media_items').select('place_id').where('place_id', 'is not', null),
      )
      .orderBy('name_fo')
      .execute();
  } finally {
    await handle.close();
  }
}

async function storedSha256(blobs: BlobStore, key: string) {
  const hash = createHash('sha256');
  for await (const chunk of (await blobs.get(key)).body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

beforeAll(async () => {
  if (engine === 'postgres') {
    s3 = await startS3rver(['bag-source', 'bag-copy', 'bag-docsource', 'bag-doccopy']);
    cleanups.push(() => s3!.close());
  }
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(work, { recursive: true, force: true });
});

describe(`a BagIt bag taken into an empty archive (${engine})`, { timeout: 240_000 }, () => {
  it('gives the same items, every field equal, with bit-identical originals', async () => {
    const [source, copy] = [await emptyArchive('source'), await emptyArchive('copy')];

    // The source archive's items, with every field of the CSV filled (a photo, a sound, a PDF).
    const folder = join(work, 'collection');
    mkdirSync(folder);
    copyFileSync(await exifFixture('gps'), join(folder, 'kirkja.jpg'));
    copyFileSync(await alsaWav(), join(folder, 'rødd.wav'));
    copyFileSync(await minimalPdf(), join(folder, 'skjal.pdf'));
    const csv = join(work, 'source.csv');
    writeFileSync(
      csv,
      '\uFEFFfile,title,description,photographer,location,original_date,source,keywords,category,folder,is_public,is_featured,copyright_status,copyright_holder,commercial_use_allowed,attribution_required,attribution_text,historical_context,technical_notes,rights,place,latitude,longitude\r\n' +
        'kirkja.jpg,Gøta kirkja,"Kirkjan í Gøtu, summar","J. Patursson",Norðragøta,um 1930,Gøtu Sóknarráð,"kirkja, Gøta",Bygdir,Myndir/1930,yes,yes,,Gøtu Sóknarráð,no,yes,Mynd: J. Patursson,"Fyrsta linja\r\nonnur",Skannað 2026,http://rightsstatements.org/vocab/InC/1.0/,Gamla prestagarðurin,62.2001,-6.7402\r\n' +
        'rødd.wav,Rødd úr Gøtu,Ein upptøka,Ó. Jacobsen,Gøta,14. juni 1952,Útvarp Føroya,"rødd, útvarp",Ljóð,Upptøkur,no,no,,,yes,no,,,Reel-to-reel,http://rightsstatements.org/vocab/CNE/1.0/,Syðrugøta,,\r\n' +
        'skjal.pdf,Skjal um bygdina,Ein síða,Skrivarin,Gøta,1931/1935,Skjalasavnið,skjal,Bygdir,Skjøl,yes,no,,,no,no,,Søgan,,http://creativecommons.org/publicdomain/zero/1.0/,,62.19,-6.75\r\n',
    );
    // A place staff add to the list (the archive starts with the region's villages only), brought
    // in with the collection as a list of places.
    const sourcePlaces = join(work, 'source-places.csv');
    writeFileSync(
      sourcePlaces,
      'name_fo;name_en;latitude;longitude\nGamla prestagarðurin;The old vicarage;62,2101;-6,7309\n',
    );
    const made = await run(
      'import',
      [
        folder,
        '--csv',
        csv,
        '--places',
        sourcePlaces,
        '--as',
        ADMIN_EMAIL,
        '--report',
        join(work, 'source-report.csv'),
      ],
      source,
    );
    expect(made.stderr).toBe('');
    expect(made.stdout).toContain('Places: 1 added to the list, 0 in it already.');
    expect(made.stdout).toMatch(/Imported 3, skipped 0, refused 0, 0 rows without a file, in/);
    const before = await itemsOf(source);
    expect(before.map((i) => i.media_type).sort()).toEqual(['audio', 'document', 'image']);
    expect(before.find((i) => i.title === 'Gøta kirkja')).toMatchObject({
      description: 'Kirkjan í Gøtu, summar',
      photographer: 'J. Patursson',
      original_date_edtf: '1930~',
      keywords: ['kirkja', 'Gøta'],
      category: 'Bygdir',
      folder: 'Myndir/1930',
      is_public: true,
      is_featured: true,
      rights: 'http://rightsstatements.org/vocab/InC/1.0/',
      place: 'Gamla prestagarðurin',
      latitude: 62.2001,
      longitude: -6.7402,
    });
    // A place alone gives its point; a point alone no place.
    expect(before.find((i) => i.title === 'Rødd úr Gøtu')).toMatchObject({ place: 'Syðrugøta' });
    expect(before.find((i) => i.title === 'Rødd úr Gøtu')!.latitude).not.toBeNull();
    expect(before.find((i) => i.title === 'Skjal um bygdina')).toMatchObject({
      place: null,
      latitude: 62.19,
      longitude: -6.75,
    });
    expect(before.find((i) => i.title === 'Rødd úr Gøtu')).toMatchObject({
      is_public: false,
      folder: 'Upptøkur',
    });

    // The bag, private items included.
    const bag = join(work, 'bag');
    const exported = await run('export', ['--format', 'bagit', bag, '--include-private'], source);
    expect(exported.stderr).toBe('');
    expect(exported.stdout).toMatch(/^Wrote a BagIt bag of 3 items \(9 files, /);
    const manifest = new Map(
      readFileSync(join(bag, 'manifest-sha256.txt'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => {
          const [digest, path] = line.split(/ {2}/) as [string, string];
          return [path, digest];
        }),
    );
    expect(manifest.size).toBe(9);
    /** The bag's original of a source item: data/PHOTO-00001.jpg for PHOTO-00001. */
    const originalIn = (displayId: string) => {
      const paths = [...manifest.keys()].filter(
        (p) => p.startsWith(`data/${displayId}.`) && !/\.(metadata\.json|dc\.xml)$/.test(p),
      );
      expect(paths).toHaveLength(1);
      return paths[0]!.slice('data/'.length);
    };

    // Into the empty archive, as docs/export.md says.
    const report = join(work, 'copy-report.csv');
    const taken = await run(
      'import',
      [
        join(bag, 'data'),
        '--csv',
        join(bag, 'metadata.csv'),
        '--places',
        join(bag, 'places.csv'),
        '--as',
        ADMIN_EMAIL,
        '--report',
        report,
      ],
      copy,
    );
    expect(taken.stderr).toBe('');
    // The staff's place is added with its point; the village the list has already is kept.
    expect(taken.stdout).toContain('Places: 1 added to the list, 1 in it already.');
    expect(await placesOf(copy)).toEqual(await placesOf(source));
    expect(taken.stdout).toMatch(
      /Imported 3, skipped 0, refused 0, 0 rows without a file, 6 bag sidecars \(metadata, not files to import\), in/,
    );
    expect(taken.code).toBe(0);
    const [head, ...lines] = parseCsv(readFileSync(report, 'utf8')).rows;
    expect(head).toEqual(['file', 'outcome', 'id', 'message', 'sha256']);
    // Every sidecar reported as one, naming its original; nothing refused.
    for (const item of before) {
      const file = originalIn(item.display_id);
      for (const sidecar of [`${item.display_id}.metadata.json`, `${item.display_id}.dc.xml`]) {
        expect(lines.find((l) => l[0] === sidecar)).toEqual([
          sidecar,
          'sidecar',
          '',
          expect.stringContaining(`the metadata of ${file} in a bag`),
          '',
        ]);
      }
    }

    // The same items: found by the report line of their bag file, every field equal, and the
    // original the copy stores is the bag's (its SHA-256 read back from the copy's file store).
    const after = await itemsOf(copy);
    expect(after).toHaveLength(before.length);
    const copyById = new Map(after.map((i) => [i.display_id, i]));
    const [csvHead, ...csvRows] = parseCsv(readFileSync(join(bag, 'metadata.csv'), 'utf8')).rows;
    const header = readHeader(csvHead!);
    if (!header.ok) throw new Error(header.message);
    for (const item of before) {
      const file = originalIn(item.display_id);
      const line = lines.find((l) => l[0] === file)!;
      expect(line.slice(0, 2)).toEqual([file, 'imported']);
      const twin = copyById.get(line[2]!)!;
      const { display_id: _a, file_key: _b, ...fields } = item;
      const { display_id: _c, file_key: keyOfCopy, ...copied } = twin;
      expect(copied).toEqual(fields);
      expect(twin.processing_status).toBe('ready');
      expect(manifest.get(`data/${file}`)).toBe(item.sha256);
      expect(await storedSha256(copy.blobs, keyOfCopy)).toBe(manifest.get(`data/${file}`));

      // The `.metadata.json` sidecar gives the fields its metadata.csv row gives (the import
      // reads it when no CSV row names the file).
      const fromCsv = readRow(header.columns, csvRows.find((r) => r[0] === file)!);
      expect(fromCsv.ok).toBe(true);
      expect(
        readSidecarFields(readFileSync(join(bag, 'data', `${item.display_id}.metadata.json`), 'utf8')),
      ).toEqual(fromCsv);
    }
  });

  it("carries the documents (the header's files) and takes them back in as documents", async () => {
    const [source, copy] = [await emptyArchive('docsource'), await emptyArchive('doccopy')];
    // Two documents as the documents screen makes them: a public PDF and a private Word file.
    const stored = [
      {
        path: await minimalPdf('skráin.pdf'),
        mime: 'application/pdf',
        ext: 'pdf',
        fields: {
          title: 'Mentanardagar 2026 – skrá',
          description: 'Skráin yvir allar tiltøkur, við ð og ø',
          category: 'mentanardagarnar' as const,
          is_public: true,
          is_featured: true,
          file_name: 'skráin.pdf',
        },
      },
      {
        path: await openXmlFile('docx', 'reglugerð.docx'),
        mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ext: 'docx',
        fields: {
          title: 'Reglugerð fyri savnið',
          description: null,
          category: 'policy' as const,
          is_public: false,
          is_featured: false,
          file_name: 'reglugerð.docx',
        },
      },
    ];
    const handle = await source.open();
    try {
      for (const document of stored) {
        const bytes = readFileSync(document.path);
        const key = newBlobKey('documents', document.ext);
        await source.blobs.put(key, bytes, { contentType: document.mime });
        await handle.db
          .insertInto('documents')
          .values({
            ...document.fields,
            file_key: key,
            file_size: bytes.length,
            mime_type: document.mime,
            sha256: createHash('sha256').update(bytes).digest('hex'),
          })
          .execute();
      }
    } finally {
      await handle.close();
    }
    const documentsOf = async (archive: Archive) => {
      const db = await archive.open();
      try {
        return await db.db
          .selectFrom('documents')
          .select([
            'display_id',
            'title',
            'description',
            'category',
            'is_public',
            'is_featured',
            'file_name',
            'file_size',
            'mime_type',
            'sha256',
            'file_key',
          ])
          .orderBy('display_id')
          .execute();
      } finally {
        await db.close();
      }
    };
    const before = await documentsOf(source);
    expect(before).toHaveLength(2);

    // Public only: the private document stays out of the bag.
    const publicBag = join(work, 'docbag-public');
    const publicOnly = await run('export', ['--format', 'bagit', publicBag], source);
    expect(publicOnly.stderr).toBe('');
    expect(publicOnly.stdout).toMatch(/^Wrote a BagIt bag of 0 items and 1 documents \(3 files, /);

    const bag = join(work, 'docbag');
    const exported = await run('export', ['--format', 'bagit', bag, '--include-private'], source);
    expect(exported.stderr).toBe('');
    expect(exported.stdout).toMatch(/^Wrote a BagIt bag of 0 items and 2 documents \(6 files, /);
    const manifest = readFileSync(join(bag, 'manifest-sha256.txt'), 'utf8');
    for (const document of before) {
      const ext = document.file_key.split('.').at(-1);
      const name = `documents/${document.display_id}.${ext}`;
      expect(manifest).toContain(`${document.sha256}  data/${name}\n`);
      expect(
        createHash('sha256')
          .update(readFileSync(join(bag, 'data', name)))
          .digest('hex'),
      ).toBe(document.sha256);
      expect(
        JSON.parse(
          readFileSync(join(bag, 'data', 'documents', `${document.display_id}.metadata.json`), 'utf8'),
        ),
      ).toMatchObject({
        record: 'document',
        display_id: document.display_id,
        title: document.title,
        category: document.category,
        is_public: document.is_public,
        file: `data/${name}`,
      });
    }
    // Checked by tools we did not write: the manifest by sha256sum, the Dublin Core by xmllint.
    const checked = spawnSync('sha256sum', ['--check', '--strict', 'manifest-sha256.txt'], {
      cwd: bag,
      encoding: 'utf8',
    });
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
    const dcFiles = readdirSync(join(bag, 'data', 'documents'))
      .filter((f) => f.endsWith('.dc.xml'))
      .map((f) => join(bag, 'data', 'documents', f));
    expect(dcFiles).toHaveLength(2);
    expect(xmlSchemaErrors(OAI_DC_SCHEMA, { files: dcFiles })).toBe('');
    expect(readFileSync(join(bag, 'bag-info.txt'), 'utf8')).toContain('0 items and 2 documents');

    // Into the empty archive, the same command as for items.
    const report = join(work, 'doccopy-report.csv');
    const args = [
      join(bag, 'data'),
      '--csv',
      join(bag, 'metadata.csv'),
      '--as',
      ADMIN_EMAIL,
      '--report',
      report,
    ];
    const taken = await run('import', args, copy);
    expect(taken.stderr).toBe('');
    expect(taken.stdout).toMatch(/Imported 2, skipped 0, refused 0, 0 rows without a file, 4 bag sidecars/);
    expect(taken.code).toBe(0);
    const lines = parseCsv(readFileSync(report, 'utf8')).rows.slice(1);
    const after = await documentsOf(copy);
    expect(after).toHaveLength(2);
    const copyById = new Map(after.map((d) => [d.display_id, d]));
    for (const document of before) {
      const ext = document.file_key.split('.').at(-1);
      const line = lines.find((l) => l[0] === `documents/${document.display_id}.${ext}`)!;
      expect(line.slice(0, 2)).toEqual([`documents/${document.display_id}.${ext}`, 'imported']);
      expect(line[3]).toContain(
        `a document (the header's files); its fields are those of ${document.display_id}.metadata.json`,
      );
      const twin = copyById.get(line[2]!)!;
      expect(twin.display_id).toMatch(/^DOC-/);
      const { display_id: _a, file_key: _b, ...fields } = document;
      const { display_id: _c, file_key: keyOfCopy, ...copied } = twin;
      // Every field, the file's own name included; the bytes bit for bit.
      expect(copied).toEqual(fields);
      expect(await storedSha256(copy.blobs, keyOfCopy)).toBe(document.sha256);
    }
    // No media item was made of them.
    expect(await itemsOf(copy)).toEqual([]);

    // Taken in again: each is already there.
    const again = await run('import', [...args.slice(0, -1), join(work, 'doccopy-again.csv')], copy);
    expect(again.stdout).toMatch(/Imported 0, skipped 2, refused 0/);
    const skipped = parseCsv(readFileSync(join(work, 'doccopy-again.csv'), 'utf8')).rows.slice(1);
    for (const twin of after)
      expect(skipped.find((l) => l[2] === twin.display_id)).toEqual([
        expect.stringMatching(/^documents\/DOC-/),
        'skipped',
        twin.display_id,
        `already in the archive as ${twin.display_id}`,
        twin.sha256,
      ]);
  });
});
