import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRole } from '#server/test/factories.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#server/test/harness.ts';
import { multipartUpload } from '#server/test/multipart.ts';
import { uploadForTest } from './upload-for-test.ts';

/**
 * What the warm path keeps (issue 26 §8), with the answer cache on as in production
 * (PAGE_CACHE_MS; vitest turns it off elsewhere): which file an image is cut from is kept a
 * moment, and still nothing is served a moment longer than it may be.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof asRole>>;
let dir: string;
let previous: string | undefined;

async function picture(name: string, width: number, height: number, noise: boolean) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = noise ? Math.floor(Math.random() * 256) : (i * 7) % 256;
  const path = join(dir, name);
  await sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toFile(path);
  return path;
}

beforeAll(async () => {
  previous = process.env.PAGE_CACHE_MS;
  process.env.PAGE_CACHE_MS = '60000';
  t = await createTestApp();
  admin = await asRole(t, 'admin');
  const none = await admin.put('/api/admin/watermark', {
    type: 'none',
    position: 'bottom_right',
    opacity: 70,
    size: 'medium',
    level: 'medium',
    text: '',
  });
  expect(none.statusCode, none.body).toBe(200);
  dir = mkdtempSync(join(tmpdir(), 'iiif-kept-'));
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
  if (previous === undefined) delete process.env.PAGE_CACHE_MS;
  else process.env.PAGE_CACHE_MS = previous;
});

describe('the IIIF warm path', () => {
  it('stops serving an item unpublished or republished through the API at once, the lookup kept or not', async () => {
    const id = await uploadForTest(t, admin.cookie!, await picture('a.png', 600, 400, false));
    const tile = `/iiif/image/3/${id}/0,0,512,400/512,/0/default.jpg`;
    const first = await t.app.inject({ url: tile });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-iiif-cache']).toBe('miss');
    const second = await t.app.inject({ url: tile });
    expect(second.headers['x-iiif-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(Number(second.headers['content-length'])).toBe(second.rawPayload.length);

    const hide = await admin.patch(`/api/admin/media/${id}`, { isPublic: false });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await t.app.inject({ url: tile })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/iiif/image/3/${id}/info.json` })).statusCode).toBe(404);
    const show = await admin.patch(`/api/admin/media/${id}`, { isPublic: true });
    expect(show.statusCode, show.body).toBe(200);
    expect((await t.app.inject({ url: tile })).statusCode).toBe(200);
  });

  it('does not keep a refusal: an image whose download is made a moment later is served at once', async () => {
    const { payload, headers } = multipartUpload({}, { path: await picture('b.png', 300, 200, false) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      payload,
      headers: { ...headers, cookie: admin.cookie!, origin: TEST_ORIGIN },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().media.id as string;
    // Its derivatives are not made yet: no full-size download to cut from.
    expect((await t.app.inject({ url: `/iiif/image/3/${id}/info.json` })).statusCode).toBe(404);
    await t.jobs.drain();
    const info = await t.app.inject({ url: `/iiif/image/3/${id}/info.json` });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ width: 300, height: 200 });
  });

  it('sends a kept answer of any size whole: a tile read at once, a large image streamed', async () => {
    const id = await uploadForTest(t, admin.cookie!, await picture('noise.png', 1000, 1000, true));
    for (const path of ['0,0,512,512/512,/0/default.png', 'full/max/0/default.png']) {
      const url = `/iiif/image/3/${id}/${path}`;
      const made = await t.app.inject({ url });
      const kept = await t.app.inject({ url });
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.headers['x-iiif-cache']).toBe('hit');
      expect(kept.rawPayload.equals(made.rawPayload)).toBe(true);
      expect(Number(kept.headers['content-length'])).toBe(kept.rawPayload.length);
      const meta = await sharp(kept.rawPayload).metadata();
      expect(meta.width).toBe(path.startsWith('full') ? 1000 : 512);
      // A noise picture's PNG of 1000 × 1000 is about 3 MB: past the whole-read bound.
      if (path.startsWith('full')) expect(kept.rawPayload.length).toBeGreaterThan(1024 * 1024);
    }
  });
});
