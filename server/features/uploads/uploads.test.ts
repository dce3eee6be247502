import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_MAX_BYTES } from '#common/limits.ts';
import { addressKey } from '#server/http/rate-limit.ts';
import { imageFixture } from '#server/test/fixtures.ts';
import {
  buildUser,
  cookieFrom,
  createTestApp,
  signIn,
  TEST_ORIGIN,
  type TestApp,
  listen,
} from '#server/test/harness.ts';
import { tusUpload, uploaderCookie } from '#server/test/tus-client.ts';
import { UPLOAD_OUTSTANDING_MAX_BYTES } from './resumable-uploads.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
});
afterAll(() => t.close());

const tus = { 'tus-resumable': '1.0.0' };

/** Starts an upload of `length` bytes (no bytes sent) as a raw request. */
const create = (length: number, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    remoteAddress,
    headers: { ...tus, 'upload-length': String(length), ...headers },
  });

const claim = (uploadId: string, cookie?: string, title = 'Gomul mynd') =>
  t.app.inject({
    method: 'POST',
    url: '/api/submissions',
    payload: { uploadId, title },
    headers: cookie ? { cookie } : {},
  });

describe('POST /api/uploads', () => {
  it('gives an anonymous uploader an HttpOnly, SameSite=Lax cookie', async () => {
    const res = await create(1000, { origin: TEST_ORIGIN });
    expect(res.statusCode).toBe(201);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^archive_uploader=[A-Za-z0-9_-]{43}; Path=\/api; HttpOnly; SameSite=Lax/);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses another site, with no CORS answer', async () => {
    const res = await create(1000, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('CROSS_SITE');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it("refuses an upload that would pass the sender's outstanding bytes, counted per IPv6 /64", async () => {
    const max = UPLOAD_OUTSTANDING_MAX_BYTES.anonymous;
    const full = Math.floor(max / SUBMISSION_MAX_BYTES);
    for (let i = 0; i < full; i++) {
      expect((await create(SUBMISSION_MAX_BYTES, {}, `2001:db8:1:2::${i + 1}`)).statusCode).toBe(201);
    }
    // Another address of the same /64, even without the cookie, shares the allowance.
    const refused = await create(max - full * SUBMISSION_MAX_BYTES + 1, {}, '2001:db8:1:2:ffff::9');
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'UPLOAD_QUOTA' });
    expect(refused.json().message).toMatch(/too many files waiting/);
    // Another /64 has its own.
    expect((await create(SUBMISSION_MAX_BYTES, {}, '2001:db8:1:3::1')).statusCode).toBe(201);
  });

  it('refuses an upload without a declared size', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...tus, 'upload-defer-length': '1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('UPLOAD_LENGTH_REQUIRED');
  });
});

describe('an upload belongs to the one who made it', () => {
  it('only the same cookie may continue, inspect, delete or claim an anonymous upload', async () => {
    const created = await create(1000);
    const mine = cookieFrom(created.headers['set-cookie']);
    const url = `/api/uploads/${created.headers.location!.split('/').pop()}`;
    const other = cookieFrom((await create(10)).headers['set-cookie']);

    for (const cookie of [undefined, other]) {
      const headers = { ...tus, ...(cookie ? { cookie } : {}) };
      const head = await t.app.inject({ method: 'HEAD', url, headers });
      expect(head.statusCode).toBe(404);
      const patch = await t.app.inject({
        method: 'PATCH',
        url,
        headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        payload: Buffer.alloc(10),
      });
      expect(patch.statusCode).toBe(404);
      expect(patch.json().code).toBe('NOT_FOUND');
      expect((await t.app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(404);
    }
    const head = await t.app.inject({ method: 'HEAD', url, headers: { ...tus, cookie: mine } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('0');
  });

  it('only the account that made an upload may claim it; a stranger is told it is unknown', async () => {
    const owner = await buildUser(t);
    const ownerCookie = await signIn(t, owner.email, owner.password);
    const uploadId = await tusUpload(base, await imageFixture('png'), { headers: { cookie: ownerCookie } });

    const anonymous = await claim(uploadId);
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json().code).toBe('NOT_FOUND');
    const stranger = await buildUser(t);
    const strangerClaim = await claim(uploadId, await signIn(t, stranger.email, stranger.password));
    expect(strangerClaim.json().code).toBe('NOT_FOUND');
    const website = await t.app.inject({
      method: 'POST',
      url: '/api/submissions',
      payload: { uploadId, title: 'x', website: 'http://spam.example' },
    });
    expect(website.json().code).toBe('NOT_FOUND');

    expect((await claim(uploadId, ownerCookie)).statusCode).toBe(201);
  });

  it('keeps an upload claimable after its submission was refused for its text (NUL)', async () => {
    const uploadId = await tusUpload(base, await imageFixture('png'));
    const cookie = uploaderCookie(uploadId)!;
    const refused = await claim(uploadId, cookie, 'Gøta\u0000');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path: 'title' }] });
    expect((await claim(uploadId, cookie)).statusCode).toBe(201);
  });
});

describe('addressKey', () => {
  it('keys IPv6 by /64 and IPv4 (mapped or not) by the address', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
  });
});
