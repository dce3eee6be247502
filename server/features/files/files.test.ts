import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControl } from '#server/http/send-blob.ts';
import { asRole, buildDerivatives, buildMedia } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { recordingStatements } from '#server/test/recording-statements.ts';
import { updateMedia } from '../media/media.repository.ts';
import { keptMediaFileRows, withExtension } from './files.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function storedVideo(isPublic: boolean, app: TestApp = t) {
  const sha256 = 'ab'.repeat(32);
  const media = await buildMedia(app, {
    media_type: 'video',
    mime_type: 'video/mp4',
    file_name: 'Bátar.html',
    is_public: isPublic,
    sha256,
  });
  await app.ctx.blobs.put(media.file_key, Buffer.from('not really a video'), { contentType: 'video/mp4' });
  return { ...media, sha256 };
}

describe('GET /files/media/:id/original', () => {
  it("offers the download under the detected type's extension, never the sender's", async () => {
    const media = await storedVideo(true);
    const res = await t.app.inject(`/files/media/${media.id}/original?download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Ba_tar.mp4"; filename*=UTF-8''B%C3%A1tar.mp4`,
    );
  });

  it('is cached for good only under its current version; otherwise revalidated; never shared when not public', async () => {
    const media = await storedVideo(true);
    const current = await t.app.inject(`/files/media/${media.id}/original?v=${media.sha256.slice(0, 16)}`);
    expect(current.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stale = await t.app.inject(`/files/media/${media.id}/original?v=0123456789abcdef`);
    expect(stale.headers['cache-control']).toBe('public, no-cache');
    const bare = await t.app.inject(`/files/media/${media.id}/original`);
    expect(bare.headers['cache-control']).toBe('public, no-cache');

    const hidden = await storedVideo(false);
    const editor = await asRole(t, 'editor');
    const staff = await editor.get(`/files/media/${hidden.id}/original?v=${hidden.sha256.slice(0, 16)}`);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('the rows a file is served from', () => {
  it('are kept for everyone until the content changes, however it is changed, each request still deciding who may have the file', async () => {
    const status = async (id: string) => (await t.app.inject(`/files/media/${id}/original`)).statusCode;
    const shown = await storedVideo(true);
    // Kept: asked again, only the content's version is read (server/db/data-versions.ts).
    const { db, sent } = recordingStatements(t.db);
    const rows = keptMediaFileRows({ db });
    const first = await rows(shown.id, 'thumb');
    expect(first.row?.id).toBe(shown.id);
    expect(sent.filter((query) => !query.includes('data_versions')).length).toBeGreaterThan(0);
    sent.length = 0;
    expect(await rows(shown.id, 'thumb')).toBe(first);
    expect(sent.filter((query) => !query.includes('data_versions'))).toEqual([]);

    expect(await status(shown.id)).toBe(200);
    // Unpublished behind the API's back (as a job or a script writes): the next request knows it.
    await updateMedia(t.ctx.db, shown.id, { is_public: false });
    expect(await status(shown.id)).toBe(404);
    // A hidden item's kept rows serve staff and refuse the public, request by request.
    const hidden = await storedVideo(false);
    expect(await status(hidden.id)).toBe(404);
    const editor = await asRole(t, 'editor');
    expect((await editor.get(`/files/media/${hidden.id}/original`)).statusCode).toBe(200);
    expect(await status(hidden.id)).toBe(404);
  });

  it('are kept a moment as given with the page cache on (PAGE_CACHE_MS), and dropped by any write through the API', async () => {
    const previous = process.env.PAGE_CACHE_MS;
    process.env.PAGE_CACHE_MS = '60000';
    const own = await createTestApp();
    try {
      const status = async (id: string) => (await own.app.inject(`/files/media/${id}/original`)).statusCode;
      const shown = await storedVideo(true, own);
      expect(await status(shown.id)).toBe(200);
      // Unpublished behind the API's back: the kept rows still say public…
      await updateMedia(own.ctx.db, shown.id, { is_public: false });
      expect(await status(shown.id)).toBe(200);
      // …while a hidden item's kept rows serve staff and refuse the public, request by request…
      const hidden = await storedVideo(false, own);
      expect(await status(hidden.id)).toBe(404);
      const editor = await asRole(own, 'editor');
      expect((await editor.get(`/files/media/${hidden.id}/original`)).statusCode).toBe(200);
      expect(await status(hidden.id)).toBe(404);
      // …and a write through the API drops them at once.
      const other = await storedVideo(true, own);
      const admin = await asRole(own, 'admin');
      const edit = await admin.patch(`/api/admin/media/${other.id}`, { title: 'Annað heiti' });
      expect(edit.statusCode).toBeLessThan(300);
      expect(await status(shown.id)).toBe(404);
    } finally {
      if (previous === undefined) delete process.env.PAGE_CACHE_MS;
      else process.env.PAGE_CACHE_MS = previous;
      await own.close();
    }
  });
});

describe('a thumbnail sent from memory (storage/kept-small-files.ts)', () => {
  it('is the stored bytes, whole, in ranges and as HEAD, and still refused once its item is hidden', async () => {
    const media = await buildMedia(t, { is_public: true });
    await buildDerivatives(t, media.id, [{ variant: 'thumb', width: 400, height: 300 }]);
    const bytes = randomBytes(5_000);
    await t.ctx.blobs.put(`derivatives/${media.id}/thumb-abc.webp`, bytes, { contentType: 'image/webp' });
    const url = `/files/media/${media.id}/thumb`;
    for (let i = 0; i < 2; i++) {
      const whole = await t.app.inject(url);
      expect(whole.statusCode).toBe(200);
      expect(whole.rawPayload).toEqual(bytes);
      expect(whole.headers['content-length']).toBe('5000');
      expect(whole.headers['content-type']).toBe('image/webp');
    }
    const part = await t.app.inject({ url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/5000');
    expect(part.rawPayload).toEqual(bytes.subarray(100, 200));
    const tail = await t.app.inject({ url, headers: { range: 'bytes=4990-' } });
    expect(tail.rawPayload).toEqual(bytes.subarray(4990));
    expect((await t.app.inject({ url, headers: { range: 'bytes=6000-' } })).statusCode).toBe(416);
    const head = await t.app.inject({ url, method: 'HEAD' });
    expect(head.headers['content-length']).toBe('5000');
    expect(head.rawPayload.length).toBe(0);

    const editor = await asRole(t, 'editor');
    const hide = await editor.post('/api/admin/media/bulk', { ids: [media.id], action: 'unpublish' });
    expect(hide.statusCode).toBe(200);
    expect((await t.app.inject(url)).statusCode).toBe(404);
  });
});

describe('withExtension and cacheControl', () => {
  it('name by the detected type', () => {
    expect(withExtension('photo.html', 'image/jpeg')).toBe('photo.jpg');
    expect(withExtension('song', 'audio/mpeg')).toBe('song.mp3');
    expect(withExtension('.htaccess', 'application/pdf')).toBe('file.pdf');
    expect(cacheControl({ etag: 'k1', isPublic: true }, 'k1')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl({ etag: 'k1', isPublic: true }, 'k')).toBe('public, no-cache');
    expect(cacheControl({ etag: 'k1', isPublic: false }, 'k1')).toBe('private, no-cache');
  });
});

describe('an item unpublished (issue 30 B11: a CDN may hold its public files)', () => {
  it('its file URLs from before answer 404 at the origin, for staff too, and published again it has new ones', async () => {
    const media = await storedVideo(true);
    const editor = await asRole(t, 'editor');
    const urlOf = async () =>
      (await editor.get(`/api/media/${media.id}`)).json().media.files.original as string;
    const before = await urlOf();
    expect((await t.app.inject(before)).headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const bulk = (action: 'publish' | 'unpublish') =>
      editor.post('/api/admin/media/bulk', { ids: [media.id], action });
    expect((await bulk('unpublish')).statusCode).toBe(200);
    expect((await editor.get(before)).statusCode).toBe(404);
    expect((await t.app.inject(before)).statusCode).toBe(404);

    expect((await bulk('publish')).statusCode).toBe(200);
    const after = await urlOf();
    expect(after).not.toBe(before);
    expect((await t.app.inject(before)).statusCode).toBe(404);
    const fresh = await t.app.inject(after);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('GET /api/media/:id behind a shared cache (issue 30 B11)', () => {
  it("is private when a signed-in account asks (staff's view of a non-public item), and keyed by the cookie", async () => {
    const hidden = await storedVideo(false);
    const editor = await asRole(t, 'editor');
    const staff = await editor.get(`/api/media/${hidden.id}`);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['cache-control']).toBe('private, no-cache');
    expect(staff.headers.vary).toMatch(/\bcookie\b/i);

    const shown = await storedVideo(true);
    const anyone = await t.app.inject(`/api/media/${shown.id}`);
    expect(anyone.statusCode).toBe(200);
    expect(String(anyone.headers['cache-control'] ?? '')).not.toMatch(/private/);
    expect(anyone.headers.vary).toMatch(/\bcookie\b/i);
    expect((await editor.get(`/api/media/${shown.id}`)).headers['cache-control']).toBe('private, no-cache');
  });
});
