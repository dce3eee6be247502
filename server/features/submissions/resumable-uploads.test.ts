import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageFixture } from '../../test/fixtures.ts';
import { tusUpload } from '../../test/tus-client.ts';
import { createResumableUploads, UPLOAD_EXPIRY_MS } from './resumable-uploads.ts';

let dataDir: string;
let uploads: ReturnType<typeof createResumableUploads>;
let http: Server;
let base: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'uploads-'));
  uploads = createResumableUploads(dataDir);
  http = createServer((req, res) => void uploads.server.handle(req, res));
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
});
afterAll(() => new Promise((r) => http.close(r)));

describe('resumable uploads', () => {
  it('expire after a day, finished or not, and not before', async () => {
    const finished = await tusUpload(base, await imageFixture('png'));
    const created = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '5000' },
    });
    const unfinished = created.headers.get('location')!.split('/').pop()!;
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
});
