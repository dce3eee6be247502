import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControl } from '#server/http/send-blob.ts';
import { asRole, buildMedia } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { withExtension } from './files.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function storedVideo(isPublic: boolean) {
  const sha256 = 'ab'.repeat(32);
  const media = await buildMedia(t, {
    media_type: 'video',
    mime_type: 'video/mp4',
    file_name: 'Bátar.html',
    is_public: isPublic,
    sha256,
  });
  await t.ctx.blobs.put(media.file_key, Buffer.from('not really a video'), { contentType: 'video/mp4' });
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
