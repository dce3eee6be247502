import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_MAX_BYTES } from '#common/limits.ts';
import { imageFixture } from '#server/test/fixtures.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { createTestDb } from '#server/test/harness.ts';
import { tusUpload } from '#server/test/tus-client.ts';
import { createResumableUploads, UPLOAD_EXPIRY_MS, UPLOAD_MAX_AGE_MS } from './resumable-uploads.ts';
import { deleteUploadRow } from './resumable-uploads.repository.ts';

let dataDir: string;
let database: DatabaseHandle;
let uploads: ReturnType<typeof createResumableUploads>;
let http: Server;
let base: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'uploads-'));
  database = await createTestDb();
  uploads = createResumableUploads({ dataDir, db: database.db, tmpDir: join(dataDir, 'tmp') });
  http = createServer((req, res) => {
    uploads.stamp(req, {
      owner: 'user:test',
      quotaKey: 'user:test',
      pool: 'public',
      maxBytes: SUBMISSION_MAX_BYTES,
    });
    void uploads.server.handle(req, res);
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((r) => http.close(r));
  await database.close();
});

describe('resumable uploads', () => {
  it("refuse a new upload once its pool's area would pass its cap; the other pool has its own", async () => {
    const small = createResumableUploads({
      dataDir: mkdtempSync(join(tmpdir(), 'uploads-')),
      db: database.db,
      tmpDir: join(dataDir, 'tmp'),
      limits: { areaBytes: { public: 1000, staff: 1000 } },
    });
    const a = { quotaKey: 'ip:a', pool: 'public' } as const;
    const b = { quotaKey: 'ip:b', pool: 'public' } as const;
    const first = await small.reserve(a, 600, 10_000);
    expect('release' in first).toBe(true);
    expect(await small.reserve(b, 500, 10_000)).toEqual({ refused: 'area' });
    expect(await small.reserve(a, 500, 1000)).toEqual({ refused: 'sender' });
    const staff = await small.reserve({ quotaKey: 'user:editor', pool: 'staff' }, 900, 10_000);
    expect('release' in staff).toBe(true);
    if ('release' in staff) await staff.release();
    if ('release' in first) await first.release();
    const second = await small.reserve(b, 500, 10_000);
    expect('release' in second).toBe(true);
    if ('release' in second) await second.release();
  });

  it('expire when left untouched for two hours, finished or not, and not before', async () => {
    const finished = await tusUpload(base, await imageFixture('png'));
    const created = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '5000' },
    });
    const unfinished = created.headers.get('location')!.split('/').pop()!;
    // Some bytes came (an upload that got none goes within minutes: uploads.test.ts).
    const patched = await fetch(`${base}/api/uploads/${unfinished}`, {
      method: 'PATCH',
      headers: {
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      body: Buffer.alloc(100),
    });
    expect(patched.status).toBe(204);
    expect(await uploads.finished(finished)).not.toBeNull();
    expect(await uploads.finished(unfinished)).toBeNull();

    expect(await uploads.removeExpired(Date.now() + UPLOAD_EXPIRY_MS - 60_000)).toBe(0);
    expect(existsSync(join(dataDir, 'uploads', finished))).toBe(true);

    expect(await uploads.removeExpired(Date.now() + UPLOAD_EXPIRY_MS + 60_000)).toBe(2);
    for (const id of [finished, unfinished]) {
      expect(existsSync(join(dataDir, 'uploads', id))).toBe(false);
      expect(existsSync(join(dataDir, 'uploads', `${id}.json`))).toBe(false);
    }
  });

  it('remove an upload left on disk from before their rows were kept, once older than a day', async () => {
    const old = await tusUpload(base, await imageFixture('png'));
    await deleteUploadRow(database.db, old);
    expect(await uploads.removeExpired(Date.now() + UPLOAD_EXPIRY_MS + 60_000)).toBe(0);
    expect(existsSync(join(dataDir, 'uploads', old))).toBe(true);
    expect(await uploads.removeExpired(Date.now() + UPLOAD_MAX_AGE_MS + 60_000)).toBe(1);
    expect(existsSync(join(dataDir, 'uploads', old))).toBe(false);
    expect(existsSync(join(dataDir, 'uploads', `${old}.json`))).toBe(false);
  });

  it('answer no other origin with CORS headers (tus would allow any by default)', async () => {
    const res = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10', Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
