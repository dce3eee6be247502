import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPgliteInMemory, openPostgres } from '#server/db/database.ts';
import { appliedMigrations, dumpTableRows, inSnapshot, listTables, readSequences } from '#server/db/dump.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { seedDefaultTexts } from '#server/features/translations/seed-default-texts.ts';
import { type BlobStore, newBlobKey } from '#server/storage/blob-store.ts';
import { LocalBlobStore } from '#server/storage/local-blob-store.ts';
import { S3BlobStore } from '#server/storage/s3-blob-store.ts';
import {
  buildCategory,
  buildDocument,
  buildMedia,
  buildSlideshow,
  buildSubmission,
} from '#server/test/factories.ts';
import { imageFixture } from '#server/test/fixtures.ts';
import { buildUser, createTestApp, createTestDb, signIn, type TestApp } from '#server/test/harness.ts';
import { multipartUpload } from '#server/test/multipart.ts';
import { startS3rver } from '#server/test/s3rver.ts';
import { scratchPostgres } from '#server/test/scratch-postgres.ts';
import { createBackup } from './backup.ts';
import { FIXITY_JOB, type FixityPayload, scheduleFixityCheck } from './fixity-job.ts';
import { fsck } from './fsck.ts';
import { RestoreError, type RestoreTarget, restoreBackup } from './restore.ts';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const scratch = () => mkdtempSync(join(tmpdir(), 'archive-backup-test-'));

/** Real content: an uploaded photo with its derivatives (through the API), plus rows of every kind. */
async function fillArchive(t: TestApp) {
  const editor = await buildUser(t, { role: 'editor' });
  const cookie = await signIn(t, editor.email, editor.password);
  const { payload, headers } = multipartUpload(
    { title: 'Havnin 1920' },
    { path: await imageFixture('jpeg', { width: 320, height: 200 }) },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/media',
    payload,
    headers: { ...headers, cookie },
  });
  expect(res.statusCode).toBe(201);
  await t.jobs.drain();
  const category = await buildCategory(t);
  const storedFile = async (prefix: 'media' | 'documents' | 'submissions', ext: string) => {
    const body = randomBytes(4096 + Math.floor(Math.random() * 4096));
    const key = newBlobKey(prefix, ext);
    await t.ctx.blobs.put(key, body, { contentType: 'application/octet-stream' });
    return { file_key: key, file_size: body.length, sha256: sha256(body) };
  };
  const media = await buildMedia(t, {
    ...(await storedFile('media', 'jpg')),
    category_id: category.id,
    keywords: ['Tórshavn', 'havn'],
    description: 'Ein "mynd" með\nlinjuskift og ø',
    file_metadata: { camera: 'Leica', taken: '1920-05-01' } as never,
  });
  await buildSlideshow(t, [media.id, { mediaId: res.json().media.id, caption: 'Tekstur', duration: 7 }]);
  await buildDocument(t, await storedFile('documents', 'pdf'));
  await buildSubmission(t, { ...(await storedFile('submissions', 'jpg')), submitter_name: 'Jóna' });
}

/** Every table's rows (as PostgreSQL renders them, in UTC), sorted, plus the sequences. */
async function snapshotOf(db: DatabaseHandle['db']) {
  return inSnapshot(db, async (trx) => {
    const tables: Record<string, string[]> = {};
    for (const table of await listTables(trx)) {
      const rows: string[] = [];
      for await (const batch of dumpTableRows(trx, table.name)) rows.push(...batch);
      tables[table.name] = rows.map((r) => JSON.stringify(JSON.parse(r))).sort();
    }
    return { tables, sequences: await readSequences(trx), migrations: await appliedMigrations(trx) };
  });
}

async function storedFiles(blobs: BlobStore) {
  const files = new Map<string, string>();
  for await (const { key } of blobs.list()) {
    const { body } = await blobs.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    files.set(key, sha256(Buffer.concat(chunks)));
  }
  return files;
}

/** A restore target whose database stays open for the test to inspect. */
function targetOf(database: DatabaseHandle, blobs: BlobStore): RestoreTarget {
  return { blobs, openDatabase: async () => ({ ...database, close: async () => {} }) };
}

/** An empty PostgreSQL database (not from the migrated template), dropped by the returned close. */
async function emptyPostgres(): Promise<DatabaseHandle> {
  const scratch = await scratchPostgres({ prefix: 'archive_restore' });
  const handle = await openPostgres(scratch.url);
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** An empty target database on the engine this run tests. */
function emptyTestEngineDb(): Promise<DatabaseHandle> {
  return process.env.TEST_DB_ENGINE === 'postgres' ? emptyPostgres() : openPgliteInMemory();
}

// Each restore into the embedded database starts a fresh PGlite (initdb, migrations): seconds each.
describe('backup and restore', { timeout: 120_000 }, () => {
  let dir: string;
  let source: DatabaseHandle;
  let t: TestApp;
  let backupFile: string;

  beforeAll(async () => {
    dir = scratch();
    source = await createTestDb();
    t = await createTestApp({ database: source });
    await fillArchive(t);
    backupFile = join(dir, 'archive.tar');
    const summary = await createBackup(source, t.ctx.blobs, backupFile);
    expect(summary.missing).toEqual([]);
    expect(summary.changed).toEqual([]);
    expect(summary.files).toBeGreaterThanOrEqual(6); // 4 originals + the photo's derivatives
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('round-trips every row and every stored file, bit for bit; display ids continue', async () => {
    const target = await emptyTestEngineDb();
    const blobs = new LocalBlobStore(join(dir, 'restored-files'));
    try {
      const summary = await restoreBackup(backupFile, targetOf(target, blobs));
      const before = await snapshotOf(source.db);
      const after = await snapshotOf(target.db);
      expect(Object.keys(after.tables).sort()).toEqual(Object.keys(before.tables).sort());
      for (const table of Object.keys(before.tables)) {
        expect({ table, rows: after.tables[table] }).toEqual({ table, rows: before.tables[table] });
      }
      expect(summary.rows).toBe(Object.values(before.tables).reduce((n, rows) => n + rows.length, 0));
      expect(after.sequences).toEqual(before.sequences);
      expect(after.migrations).toEqual(before.migrations);
      expect(await storedFiles(blobs)).toEqual(await storedFiles(t.ctx.blobs));
      // The figures the database keeps itself (not in the backup) come out the same.
      const totals = (db: typeof source.db) => db.selectFrom('public_totals').selectAll().executeTakeFirst();
      expect(await totals(target.db)).toEqual(await totals(source.db));
      expect(Number((await totals(target.db))!.items)).toBeGreaterThan(0);
      // The next item gets the next display id, not one already in use.
      const next = await buildMedia({ db: target.db } as TestApp);
      expect(before.tables.media_items!.some((r) => JSON.parse(r).display_id === next.display_id)).toBe(
        false,
      );
      const nextOnSource = await buildMedia(t);
      expect(next.display_id).toBe(nextOnSource.display_id);
    } finally {
      await target.close();
    }
  });

  it('refuses a tampered backup and keeps nothing of it', async () => {
    const tar = readFileSync(backupFile);
    const original = readFileSync(await imageFixture('jpeg', { width: 320, height: 200 }));
    // Tamper with one byte in the middle of the uploaded photo's bytes inside the tar.
    const at = tar.indexOf(original.subarray(0, 512));
    expect(at).toBeGreaterThan(0);
    const tampered = Buffer.from(tar);
    tampered[at + 600] = tampered[at + 600]! ^ 0xff;
    const tamperedFile = join(dir, 'tampered.tar');
    writeFileSync(tamperedFile, tampered);
    const target = await emptyTestEngineDb();
    const blobs = new LocalBlobStore(join(dir, 'tampered-files'));
    try {
      const refusal = restoreBackup(tamperedFile, targetOf(target, blobs));
      await expect(refusal).rejects.toThrow(RestoreError);
      await expect(refusal).rejects.toThrow(
        /The backup is damaged: files\/media\/.* has SHA-256 .*Nothing was restored/,
      );
      expect((await storedFiles(blobs)).size).toBe(0);
      expect(await listTables(target.db)).toEqual([]);
    } finally {
      await target.close();
    }

    // A row changed inside the database dump is caught the same way.
    const usersAt = tar.indexOf(Buffer.from('"email":"'));
    expect(usersAt).toBeGreaterThan(0);
    const tamperedRow = Buffer.from(tar);
    tamperedRow[usersAt + 10] = 'X'.charCodeAt(0);
    writeFileSync(tamperedFile, tamperedRow);
    const target2 = await emptyTestEngineDb();
    try {
      await expect(
        restoreBackup(tamperedFile, targetOf(target2, new LocalBlobStore(join(dir, 'tampered-2')))),
      ).rejects.toThrow(/The backup is damaged: db\/\w+\.ndjson has SHA-256/);
    } finally {
      await target2.close();
    }
  });

  it('refuses a target that is not empty, and a file that is no backup', async () => {
    await expect(
      restoreBackup(backupFile, targetOf(source, new LocalBlobStore(join(dir, 'x')))),
    ).rejects.toThrow(/The target database is not empty \(.*rows\)/);
    await expect(restoreBackup(backupFile, targetOf(source, t.ctx.blobs))).rejects.toThrow(
      /The file store is not empty/,
    );
    const notTar = join(dir, 'not-a-backup.tar');
    writeFileSync(notTar, randomBytes(4096));
    const target = await emptyTestEngineDb();
    try {
      await expect(
        restoreBackup(notTar, targetOf(target, new LocalBlobStore(join(dir, 'y')))),
      ).rejects.toThrow(RestoreError);
    } finally {
      await target.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'moving from PGlite to PostgreSQL',
  { timeout: 120_000 },
  () => {
    it('restores a PGlite backup into an empty PostgreSQL database with identical rows', async () => {
      const dir = scratch();
      const pglite = await openPgliteInMemory();
      await migrateToLatest(pglite.db);
      await seedDefaultTexts(pglite.db);
      const t = await createTestApp({ database: pglite });
      const target = await emptyPostgres();
      try {
        await fillArchive(t);
        const file = join(dir, 'pglite.tar');
        await createBackup(pglite, t.ctx.blobs, file);
        const blobs = new LocalBlobStore(join(dir, 'pg-files'));
        const summary = await restoreBackup(file, targetOf(target, blobs));
        expect(summary.engine).toBe('pglite');
        const before = await snapshotOf(pglite.db);
        const after = await snapshotOf(target.db);
        expect(after).toEqual(before);
        expect(await storedFiles(blobs)).toEqual(await storedFiles(t.ctx.blobs));
      } finally {
        await target.close();
        await t.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);

describe('the fixity check (fsck)', () => {
  for (const kind of ['local', 's3'] as const) {
    it(`finds a changed original, a missing file and an orphan; --repair removes only the orphan (${kind})`, async () => {
      const s3 = kind === 's3' ? await startS3rver(['fsck-files']) : undefined;
      const t = await createTestApp(
        s3
          ? { blobs: new S3BlobStore({ bucket: 'fsck-files', endpoint: s3.endpoint, ...s3.credentials }) }
          : {},
      );
      try {
        await fillArchive(t);
        const clean = await fsck(t.db, t.ctx.blobs, { orphanGraceMs: 0 });
        expect(clean.changed).toEqual([]);
        expect(clean.missing).toEqual([]);
        expect(clean.orphans).toEqual([]);
        expect(clean.checked).toBe(4);

        const rows = await inSnapshot(t.db, async (trx) => {
          const all: { file_key: string; display_id: string }[] = [];
          for await (const batch of dumpTableRows(trx, 'documents'))
            all.push(...batch.map((r) => JSON.parse(r)));
          for await (const batch of dumpTableRows(trx, 'submissions'))
            all.push(...batch.map((r) => JSON.parse(r)));
          return all;
        });
        const [changedRow, missingRow] = rows;
        await t.ctx.blobs.put(changedRow!.file_key, randomBytes(100), { contentType: 'application/pdf' });
        await t.ctx.blobs.delete(missingRow!.file_key);
        const orphan = newBlobKey('media', 'jpg');
        await t.ctx.blobs.put(orphan, randomBytes(50), { contentType: 'image/jpeg' });
        const ownedBefore = [...(await storedFiles(t.ctx.blobs)).keys()].filter((k) => k !== orphan);

        // A fresh file may belong to an upload whose row is not committed yet: not an orphan yet.
        expect((await fsck(t.db, t.ctx.blobs)).orphans).toEqual([]);

        const report = await fsck(t.db, t.ctx.blobs, { orphanGraceMs: 0 });
        expect(report.changed.map((c) => c.key)).toEqual([changedRow!.file_key]);
        expect(report.missing.map((m) => m.key)).toEqual([missingRow!.file_key]);
        expect(report.orphans.map((o) => o.key)).toEqual([orphan]);
        expect(report.removed).toEqual([]);
        expect(await t.ctx.blobs.stat(orphan)).not.toBeNull();

        const repaired = await fsck(t.db, t.ctx.blobs, { orphanGraceMs: 0, repair: true });
        expect(repaired.removed).toEqual([orphan]);
        expect(await t.ctx.blobs.stat(orphan)).toBeNull();
        expect([...(await storedFiles(t.ctx.blobs)).keys()].sort()).toEqual(ownedBefore.sort());
        // Repair never "fixes" a changed original: that needs a person and a backup.
        expect((await fsck(t.db, t.ctx.blobs, { orphanGraceMs: 0 })).changed).toHaveLength(1);
      } finally {
        await t.close();
        await s3?.close();
      }
    });
  }
});

describe('the scheduled fixity check (job queue)', () => {
  it('re-hashes originals slice by slice, reports a changed and a missing file, and queues the next round', async () => {
    const t = await createTestApp();
    try {
      await fillArchive(t);
      const documents = await inSnapshot(t.db, async (trx) => {
        const all: { file_key: string }[] = [];
        for await (const batch of dumpTableRows(trx, 'documents'))
          all.push(...batch.map((r) => JSON.parse(r)));
        return all;
      });
      const changedKey = documents[0]!.file_key;
      await t.ctx.blobs.put(changedKey, randomBytes(10), { contentType: 'application/pdf' });
      const derivative = (await t.db.selectFrom('derivatives').select('file_key').executeTakeFirstOrThrow())
        .file_key;
      await t.ctx.blobs.delete(derivative);

      await scheduleFixityCheck(t.db, 0);
      await scheduleFixityCheck(t.db, 0); // already queued: not twice
      // One file per slice, so the round spans many jobs.
      await t.db
        .updateTable('jobs')
        .set({ payload: { slice_ms: 0 } })
        .where('kind', '=', FIXITY_JOB)
        .execute();
      await t.jobs.drain();

      const jobs = await t.db.selectFrom('jobs').selectAll().where('kind', '=', FIXITY_JOB).execute();
      const done = jobs.filter((j) => j.status === 'done');
      const queued = jobs.filter((j) => j.status === 'queued');
      const files = (await t.db.selectFrom('derivatives').select('id').execute()).length + 4;
      // One job per file, and the last one finds nothing left and finishes the round.
      expect(done.length).toBe(files + 1);
      expect(queued).toHaveLength(1);
      expect(queued[0]!.run_at.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
      const previous = (queued[0]!.payload as FixityPayload).previous!;
      expect(previous.checked).toBe(4);
      expect(previous.derivatives).toBe(files - 4 - 1);
      expect(previous.changed.map((c) => c.key)).toEqual([changedKey]);
      expect(previous.missing.map((m) => m.key)).toEqual([derivative]);
    } finally {
      await t.close();
    }
  });
});

describe('backup and restore with the S3 store (s3rver)', { timeout: 120_000 }, () => {
  it('round-trips the stored files between buckets, content types included', async () => {
    const s3 = await startS3rver(['backup-source', 'backup-target']);
    const dir = scratch();
    const store = (bucket: string) => new S3BlobStore({ bucket, endpoint: s3.endpoint, ...s3.credentials });
    const source = await createTestDb();
    const t = await createTestApp({ database: source, blobs: store('backup-source') });
    const target = await emptyTestEngineDb();
    try {
      await fillArchive(t);
      const file = join(dir, 's3.tar');
      const summary = await createBackup(source, t.ctx.blobs, file);
      await restoreBackup(file, targetOf(target, store('backup-target')));
      const files = await storedFiles(store('backup-target'));
      expect(files.size).toBe(summary.files);
      expect(files).toEqual(await storedFiles(t.ctx.blobs));
      const webp = [...files.keys()].find((k) => k.startsWith('derivatives/') && k.endsWith('.webp'))!;
      expect((await store('backup-target').stat(webp))?.contentType).toBe('image/webp');
      expect((await snapshotOf(target.db)).tables).toEqual((await snapshotOf(source.db)).tables);
    } finally {
      await target.close();
      await t.close();
      await s3.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
