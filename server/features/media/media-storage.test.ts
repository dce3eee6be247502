import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestFile, recordStoredFile } from '#server/media/ingest/ingest-file.ts';
import { exifFixture, imageFixture } from '#server/test/fixtures.ts';
import { buildUser, createTestApp, createTestDb, signIn, type TestApp } from '#server/test/harness.ts';
import { multipartUpload } from '#server/test/multipart.ts';
import { startS3rver } from '#server/test/s3rver.ts';
import { LocalBlobStore } from '#server/storage/local-blob-store.ts';
import { S3BlobStore } from '#server/storage/s3-blob-store.ts';
import { createReadStream } from 'node:fs';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function uploadAs(t: TestApp, cookie: string, path: string) {
  const { payload, headers } = multipartUpload({}, { path });
  return t.app.inject({ method: 'POST', url: '/api/admin/media', payload, headers: { ...headers, cookie } });
}

describe('the media pipeline on S3 (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    s3 = await startS3rver(['archive-media']);
    t = await createTestApp({
      blobs: new S3BlobStore({ bucket: 'archive-media', endpoint: s3.endpoint, ...s3.credentials }),
    });
    const editor = await buildUser(t, { role: 'editor' });
    staff = await signIn(t, editor.email, editor.password);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores the original in the bucket, makes derivatives from it, and serves ranges from it', async () => {
    const path = await exifFixture('orientation8');
    const res = await uploadAs(t, staff, path);
    expect(res.statusCode).toBe(201);
    const media = res.json().media;
    expect(await t.jobs.drain()).toBe(1);
    const item = (await t.app.inject({ url: `/api/media/${media.id}`, headers: { cookie: staff } })).json()
      .media;
    expect(item.processingStatus).toBe('ready');
    const display = await t.app.inject({ url: item.files.display });
    expect(display.statusCode).toBe(200);
    expect(display.headers['content-type']).toBe('image/webp');
    const original = await t.app.inject({ url: item.files.original, headers: { cookie: staff } });
    expect(sha256(original.rawPayload)).toBe(sha256(readFileSync(path)));
    const part = await t.app.inject({
      url: item.files.original,
      headers: { cookie: staff, range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(Buffer.compare(part.rawPayload, readFileSync(path).subarray(10, 20))).toBe(0);
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
  });
});

describe('when storing or recording fails', () => {
  it('leaves no row when the file store cannot take the file', async () => {
    // A store whose root is a file: every write fails for real.
    const parent = mkdtempSync(join(tmpdir(), 'broken-store-'));
    writeFileSync(join(parent, 'files'), 'not a directory');
    const t = await createTestApp({ blobs: new LocalBlobStore(join(parent, 'files')) });
    try {
      const editor = await buildUser(t, { role: 'editor' });
      const cookie = await signIn(t, editor.email, editor.password);
      const res = await uploadAs(t, cookie, await imageFixture('png'));
      expect(res.statusCode).toBe(500);
      expect(await t.db.selectFrom('media_items').select('id').execute()).toEqual([]);
      expect(await t.db.selectFrom('jobs').select('id').execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('removes the stored file when the database refuses the row', async () => {
    const database = await createTestDb();
    const blobs = new LocalBlobStore(mkdtempSync(join(tmpdir(), 'store-')));
    const tmpDir = mkdtempSync(join(tmpdir(), 'spool-'));
    try {
      const path = await imageFixture('png');
      const first = await ingestFile({ blobs, tmpDir }, createReadStream(path), {
        context: 'upload',
        originalName: 'a.png',
      });
      const second = await ingestFile({ blobs, tmpDir }, createReadStream(path), {
        context: 'upload',
        originalName: 'b.png',
      });
      const row = (fileKey: string) => ({
        title: 'x',
        media_type: 'image' as const,
        file_key: fileKey,
        file_name: 'a.png',
        file_size: first.fileSize,
        mime_type: first.mimeType,
        sha256: first.sha256,
      });
      await recordStoredFile(blobs, first, () =>
        database.db.insertInto('media_items').values(row(first.fileKey)).execute(),
      );
      expect(await blobs.stat(first.fileKey)).not.toBeNull();
      // The same file_key twice breaks the unique constraint: a real database refusal.
      await expect(
        recordStoredFile(blobs, second, () =>
          database.db.insertInto('media_items').values(row(first.fileKey)).execute(),
        ),
      ).rejects.toThrow();
      expect(await blobs.stat(second.fileKey)).toBeNull();
      expect(await blobs.stat(first.fileKey)).not.toBeNull();
    } finally {
      await database.close();
    }
  });
});

describe('files of submissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are served to reviewing staff only, whatever their status', async () => {
    const path = await imageFixture('jpeg');
    const ingested = await ingestFile({ blobs: t.ctx.blobs, tmpDir: t.ctx.tmpDir }, createReadStream(path), {
      context: 'submission',
      originalName: 'gamla_myndin.jpg',
    });
    expect(ingested.fileKey).toMatch(/^submissions\//);
    const sub = await t.db
      .insertInto('submissions')
      .values({
        title: 'Gamla myndin',
        file_key: ingested.fileKey,
        file_name: ingested.fileName,
        file_size: ingested.fileSize,
        mime_type: ingested.mimeType,
        media_type: ingested.mediaType,
        sha256: ingested.sha256,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = `/files/submissions/${sub.id}/original`;
    const cookieFor = async (role: 'admin' | 'editor' | 'viewer' | 'public') => {
      const u = await buildUser(t, { role });
      return signIn(t, u.email, u.password);
    };
    for (const status of ['pending', 'rejected', 'approved'] as const) {
      await t.db.updateTable('submissions').set({ status }).where('id', '=', sub.id).execute();
      expect((await t.app.inject(url)).statusCode).toBe(404);
      expect((await t.app.inject({ url, headers: { cookie: await cookieFor('public') } })).statusCode).toBe(
        404,
      );
      expect((await t.app.inject({ url, headers: { cookie: await cookieFor('viewer') } })).statusCode).toBe(
        404,
      );
      const ok = await t.app.inject({ url, headers: { cookie: await cookieFor('editor') } });
      expect(ok.statusCode).toBe(200);
      expect(sha256(ok.rawPayload)).toBe(sha256(readFileSync(path)));
    }
  });
});
