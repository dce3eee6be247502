import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRole, buildMedia } from '#server/test/factories.ts';
import { imageFixture } from '#server/test/fixtures.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#server/test/harness.ts';
import { multipartUpload } from '#server/test/multipart.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const nulRefusal = (path: string) => ({
  code: 'VALIDATION_ERROR',
  message: `${path}: Text may not contain the NUL character (U+0000)`,
  issues: [{ path, message: 'Text may not contain the NUL character (U+0000)' }],
});

describe('a NUL character in any text', () => {
  it('is a 400 in a query string', async () => {
    const res = await t.app.inject('/api/gallery?q=a%00b');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(nulRefusal('q'));
  });

  it('is a 400 in a name sent to sign up (the auth library routes too)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'nul@example.org', password: 'password123', name: 'Jógvan\u0000' },
      headers: { origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(nulRefusal('name'));
  });

  it('is a 400 in a JSON body: titles, settings, translations', async () => {
    const admin = await asRole(t, 'admin');
    const media = await buildMedia(t, {});
    const title = await admin.patch(`/api/admin/media/${media.id}`, { title: 'Gøta\u0000' });
    expect(title.statusCode).toBe(400);
    expect(title.json()).toEqual(nulRefusal('title'));
    const translation = await admin.post('/api/admin/translations', {
      key: 'home.title',
      faroeseText: 'Heim\u0000',
    });
    expect(translation.statusCode).toBe(400);
    expect(translation.json()).toEqual(nulRefusal('faroeseText'));
  });
});

describe('a NUL character in a multipart form field', () => {
  it('is a 400 before the file is read', async () => {
    const admin = await asRole(t, 'admin');
    const { payload, headers } = multipartUpload(
      { title: 'Gøta\u0000' },
      { path: await imageFixture('png') },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      payload,
      headers: { ...headers, origin: TEST_ORIGIN, cookie: admin.cookie! },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'title: Text may not contain the NUL character (U+0000)',
    });
  });
});

describe('a state-changing /api request from another site', () => {
  it('is refused with CROSS_SITE when its Origin is not the public origin', async () => {
    const admin = await asRole(t, 'admin');
    const media = await buildMedia(t, {});
    const res = await admin.patch(
      `/api/admin/media/${media.id}`,
      { title: 'Kapring' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CROSS_SITE');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { origin: 'https://evil.example', 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(upload.json().code).toBe('CROSS_SITE');
    const nullOrigin = await admin.delete(`/api/admin/media/${media.id}`, undefined, { origin: 'null' });
    expect(nullOrigin.json().code).toBe('CROSS_SITE');
    // The router decodes the path: an encoded '/api' reaches the same route and the same check.
    const encoded = await admin.patch(
      `/%61pi/admin/media/${media.id}`,
      { title: 'Kapring' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(encoded.statusCode).toBe(403);
    expect(encoded.json().code).toBe('CROSS_SITE');
  });

  it('is refused when the browser says it is cross-site, and let through from the site itself', async () => {
    const admin = await asRole(t, 'admin');
    const media = await buildMedia(t, {});
    const crossSite = await admin.patch(
      `/api/admin/media/${media.id}`,
      { title: 'Kapring' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('CROSS_SITE');
    const same = await admin.patch(
      `/api/admin/media/${media.id}`,
      { title: 'Gøta' },
      { 'sec-fetch-site': 'same-origin' },
    );
    expect(same.statusCode).toBe(200);
    // Reading is never refused for the Origin.
    expect(
      (await t.app.inject({ url: '/api/gallery', headers: { origin: 'https://evil.example' } })).statusCode,
    ).toBe(200);
  });
});
