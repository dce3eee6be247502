import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { SUBMISSION_MAX_BYTES } from '#common/limits.ts';
import { addressKey } from '#server/http/rate-limit.ts';
import { imageFixture } from '#server/test/fixtures.ts';
import {
  buildUser,
  cookieFrom,
  createTestApp,
  post,
  signIn,
  TEST_ORIGIN,
  type TestApp,
  listen,
} from '#server/test/harness.ts';
import { pollUntil } from '#server/test/poll.ts';
import { tusUpload, uploaderCookie } from '#server/test/tus-client.ts';
import { SUBMISSIONS_FULL_MESSAGE } from '../submissions/submission-rules.ts';
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

let signIns = 0;
/** Signs in a new account of `role` (each from an address of its own: sign-ins are rate limited); its cookie. */
async function accountCookie(role: 'public' | 'editor' = 'public', app = t) {
  const user = await buildUser(app, { role });
  signIns += 1;
  const res = await post(app, '/api/auth/sign-in/email', user, undefined, `198.51.100.${signIns}`);
  expect(res.statusCode).toBe(200);
  return cookieFrom(res.headers['set-cookie']);
}

/** A tus request over real HTTP (the tus server's 204 answers need a real socket). */
const tusFetch = (url: string, method: string, cookie: string, body?: Buffer) =>
  fetch(url, {
    method,
    headers: {
      ...tus,
      cookie,
      ...(body ? { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' } : {}),
    },
    body: body ? new Uint8Array(body) : undefined,
  });

/** The upload's id from a creation's Location. */
const idOf = (res: { headers: Record<string, unknown> }) => String(res.headers.location).split('/').pop()!;

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

describe('the room of uploads that never get a byte (issue 30 B4)', () => {
  it('a tus DELETE gives the room back at once', async () => {
    const cookie = await accountCookie();
    const ids: string[] = [];
    for (let i = 0; i < UPLOAD_OUTSTANDING_MAX_BYTES.account / SUBMISSION_MAX_BYTES; i++) {
      ids.push(idOf(await create(SUBMISSION_MAX_BYTES, { cookie })));
    }
    expect((await create(SUBMISSION_MAX_BYTES, { cookie })).json().code).toBe('UPLOAD_QUOTA');
    const deleted = await tusFetch(`${base}/api/uploads/${ids[0]}`, 'DELETE', cookie);
    expect(deleted.status).toBe(204);
    expect((await create(SUBMISSION_MAX_BYTES, { cookie })).statusCode).toBe(201);
  });
  it("takes the place of its reservation before it is answered: the sender's next upload never sees both", async () => {
    const cookie = await accountCookie();
    const perAccount = UPLOAD_OUTSTANDING_MAX_BYTES.account / SUBMISSION_MAX_BYTES;
    for (let i = 0; i < perAccount; i++) {
      expect((await create(SUBMISSION_MAX_BYTES, { cookie })).statusCode).toBe(201);
      const reservations = await t.db
        .selectFrom('resumable_uploads')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('reservation', '=', true)
        .executeTakeFirstOrThrow();
      expect(Number(reservations.n)).toBe(0);
    }
  });
  // Last in this file's app: the public's area stays full after it.
  it("ten accounts reserving the public's whole area leave an editor's upload its own room", async () => {
    const perAccount = UPLOAD_OUTSTANDING_MAX_BYTES.account / SUBMISSION_MAX_BYTES;
    const answers: string[] = [];
    for (let account = 0; account < 10; account++) {
      const cookie = await accountCookie();
      for (let i = 0; i < perAccount; i++) {
        const res = await create(SUBMISSION_MAX_BYTES, { cookie });
        answers.push(res.statusCode === 201 ? 'created' : res.json().code);
      }
    }
    // The earlier tests' uploads took some of it: the last accounts found it full.
    expect(answers.filter((a) => a === 'created').length).toBeGreaterThan(50);
    expect(new Set(answers)).toEqual(new Set(['created', 'UPLOAD_AREA_FULL']));
    // The public's area is full (5 GB declared, nothing sent) ...
    const anonymous = await create(SUBMISSION_MAX_BYTES, {}, '198.51.100.200');
    expect(anonymous.statusCode).toBe(413);
    expect(anonymous.json().code).toBe('UPLOAD_AREA_FULL');
    // ... and an editor's 30 MB upload is taken all the same.
    const editor = await create(30 * 1024 * 1024, { cookie: await accountCookie('editor') });
    expect(editor.statusCode).toBe(201);
  }, 120_000);
});

describe('with tight limits: uploads that get no byte, the pending submissions', () => {
  let tight: TestApp;
  let tightBase: string;
  beforeAll(async () => {
    // The sweep runs as often as uploads go idle: every 3 s here.
    tight = await createTestApp({ config: { uploadIdleMs: 3000 } });
    tightBase = await listen(tight);
  });
  afterAll(() => tight.close());

  const createOn = (length: number, cookie: string, app = tight) =>
    app.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...tus, 'upload-length': String(length), cookie },
    });

  it('an upload that gets no byte stops holding room and is removed; one that got bytes stays', async () => {
    const cookie = await accountCookie('public', tight);
    const full = UPLOAD_OUTSTANDING_MAX_BYTES.account / SUBMISSION_MAX_BYTES;
    const sending = idOf(await createOn(SUBMISSION_MAX_BYTES, cookie));
    const patch = await tusFetch(`${tightBase}/api/uploads/${sending}`, 'PATCH', cookie, Buffer.alloc(1000));
    expect(patch.status, await patch.text()).toBe(204);
    const idle: string[] = [];
    for (let i = 0; i < full - 1; i++) idle.push(idOf(await createOn(SUBMISSION_MAX_BYTES, cookie)));

    const head = (id: string) =>
      tight.app.inject({ method: 'HEAD', url: `/api/uploads/${id}`, headers: { ...tus, cookie } });
    // Bounded: the idle time is 3 s and the sweep runs as often. Each was made a little after the
    // one before, so each goes idle in its own turn: the last is waited for too.
    await pollUntil(
      'the sweep removes every idle upload',
      async () => {
        for (const id of idle) if ((await head(id)).statusCode !== 404) return false;
        return true;
      },
      { timeoutMs: 30_000 },
    );
    const kept = await head(sending);
    expect(kept.statusCode).toBe(200);
    expect(kept.headers['upload-offset']).toBe('1000');
    expect((await createOn(SUBMISSION_MAX_BYTES, cookie)).statusCode).toBe(201);
  });

  it('refuses a file the pending submissions leave no room for, before and after its bytes', async () => {
    const png = await imageFixture('png');
    const pngSize = (await stat(png)).size;
    const full = await createTestApp({ config: { pendingSubmissionsMaxBytes: pngSize + 1000 } });
    onTestFinished(() => full.close());
    const fullBase = await listen(full);
    const cookie = await accountCookie('public', full);
    const first = await tusUpload(fullBase, png, { headers: { cookie } });
    // Sent before the pending ones filled the room: refused when it would become a submission.
    const second = await tusUpload(fullBase, png, { headers: { cookie } });
    const send = (uploadId: string) =>
      full.app.inject({
        method: 'POST',
        url: '/api/submissions',
        payload: { uploadId, title: 'Gomul mynd' },
        headers: { cookie },
      });
    expect((await send(first)).statusCode).toBe(201);

    const late = await send(second);
    expect(late.statusCode).toBe(413);
    expect(late.json()).toEqual({ code: 'SUBMISSIONS_FULL', message: SUBMISSIONS_FULL_MESSAGE });
    const early = await createOn(pngSize, cookie, full);
    expect(early.statusCode).toBe(413);
    expect(early.json()).toEqual({ code: 'SUBMISSIONS_FULL', message: SUBMISSIONS_FULL_MESSAGE });
    // Staff's uploads do not become submissions: not bound by it.
    expect((await createOn(pngSize, await accountCookie('editor', full), full)).statusCode).toBe(201);
  });
});
