import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from '#server/test/expect-refusal.ts';
import { ACCOUNT_DEACTIVATED_CODE } from '#common/api/shared.ts';
import { ACCOUNT_DEACTIVATED_MESSAGE } from '#common/texts.ts';
import {
  buildUser,
  cookieFrom,
  createTestApp,
  post,
  queuedMailsTo,
  signIn,
  TEST_ORIGIN,
  type TestApp,
} from '../test/harness.ts';
import { AUTH_ENDPOINTS_SERVED } from './auth.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = async (cookie?: string) =>
  (await t.app.inject({ url: '/api/me', headers: cookie ? { cookie } : {} })).json().user;

describe('registration', () => {
  it('always yields role public, even when the request asks for admin', async () => {
    const res = await post(t, '/api/auth/sign-up/email', {
      name: 'Jóannes Patursson',
      email: 'Joannes@Example.org',
      password: 'abcdef',
      role: 'admin',
    });
    expect(res.statusCode).toBe(200);
    // Signed in only once the address is confirmed (registration.test.ts).
    expect(res.headers['set-cookie']).toBeUndefined();
    const user = await t.db
      .selectFrom('users')
      .select(['email', 'role', 'full_name', 'display_id'])
      .where('email', '=', 'joannes@example.org')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'public', full_name: 'Jóannes Patursson' });
    expect(user.display_id).toMatch(/^USER-\d{5}$/);
  });

  it('refuses a password shorter than 6 characters', async () => {
    const res = await post(t, '/api/auth/sign-up/email', {
      name: 'A',
      email: 'short@example.org',
      password: '12345',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PASSWORD_TOO_SHORT');
  });
});

describe('sign-in', () => {
  it('signs in with the right password and out again', async () => {
    const user = await buildUser(t, { role: 'editor' });
    const cookie = await signIn(t, user.email, user.password);
    expect(await me(cookie)).toMatchObject({ id: user.id, role: 'editor', isActive: true });
    const out = await post(t, '/api/auth/sign-out', {}, cookie);
    expect(out.statusCode).toBe(200);
    expect(await me(cookie)).toBeNull();
  });

  it('refuses a wrong password with 401', async () => {
    const user = await buildUser(t);
    const res = await post(t, '/api/auth/sign-in/email', { email: user.email, password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');
  });

  it('refuses a deactivated account after the password check, with the spec text and 403', async () => {
    const user = await buildUser(t, { isActive: false });
    const wrong = await post(t, '/api/auth/sign-in/email', { email: user.email, password: 'not-it' });
    expectRefusal(wrong, 401, 'INVALID_EMAIL_OR_PASSWORD');
    const right = await post(t, '/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({
      code: ACCOUNT_DEACTIVATED_CODE,
      message: ACCOUNT_DEACTIVATED_MESSAGE,
    });
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('deactivation ends every session of the account at once', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const user = await buildUser(t, { role: 'editor' });
    const adminCookie = await signIn(t, admin.email, admin.password);
    const first = await signIn(t, user.email, user.password);
    const second = await signIn(t, user.email, user.password);
    expect(await me(first)).not.toBeNull();
    const setActive = async (isActive: boolean) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${user.id}/active`,
        payload: { isActive },
        headers: { cookie: adminCookie },
      });
      expect(res.statusCode).toBe(200);
    };
    await setActive(false);
    expect(await me(first)).toBeNull();
    expect(await me(second)).toBeNull();
    const sessions = await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toHaveLength(0);
    // Nor does reactivating the account bring back a session it had (one just used included).
    await setActive(true);
    expect(await me(first)).toBeNull();
    expect(await me(second)).toBeNull();
  });
});

describe('password reset', () => {
  it('mails a link to /reset-password that sets a new password and ends old sessions', async () => {
    const user = await buildUser(t);
    const oldSession = await signIn(t, user.email, user.password);
    await t.jobs.drain(); // the mail of earlier tests' registrations
    // In use right up to the reset.
    expect(await me(oldSession)).not.toBeNull();
    const before = t.outbox().length;
    const res = await post(t, '/api/auth/request-password-reset', {
      email: user.email,
      redirectTo: '/reset-password',
    });
    expect(res.statusCode).toBe(200);
    await t.jobs.drain();
    const mails = t.outbox();
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail).toContain(`To: ${user.email}`);
    const link = mail.match(/http:\/\/127\.0\.0\.1:3000\/api\/auth\/reset-password\/\S+/)?.[0];
    expect(link).toBeDefined();

    const follow = await t.app.inject({ url: link!.replace('http://127.0.0.1:3000', '') });
    expect(follow.statusCode).toBe(302);
    const target = new URL(follow.headers.location as string, 'http://127.0.0.1:3000');
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await post(t, '/api/auth/reset-password', { newPassword: 'brand-new-pw', token });
    expect(reset.statusCode).toBe(200);
    expect(await me(oldSession)).toBeNull();
    await expect(signIn(t, user.email, user.password)).rejects.toThrow(/401/);
    expect(await me(await signIn(t, user.email, 'brand-new-pw'))).toMatchObject({ id: user.id });
  });

  it('answers the same whether or not the e-mail exists, and mails nobody for an unknown one', async () => {
    const user = await buildUser(t);
    const before = t.outbox().length;
    const known = await post(
      t,
      '/api/auth/request-password-reset',
      { email: user.email, redirectTo: '/reset-password' },
      undefined,
      '10.0.0.7',
    );
    const unknown = await post(
      t,
      '/api/auth/request-password-reset',
      { email: 'nobody@example.org', redirectTo: '/reset-password' },
      undefined,
      '10.0.0.7',
    );
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    // Neither request sent mail itself (an SMTP round trip made the known address 5× slower):
    // the job queue sends the one mail.
    expect(t.outbox()).toHaveLength(before);
    expect(await queuedMailsTo(t, user.email)).toHaveLength(1);
    expect(await queuedMailsTo(t, 'nobody@example.org')).toHaveLength(0);
    await t.jobs.drain();
    expect(t.outbox()).toHaveLength(before + 1);
    expect(t.outbox().at(-1)).toContain(`To: ${user.email}`);
  });
});

describe('rate limits', () => {
  it('stops repeated sign-in attempts from one address with 429, while other addresses go on', async () => {
    const user = await buildUser(t);
    // A different account each time, so only the address is counted (accounts: sessions-and-headers.test.ts).
    const attempt = (ip: string, i: number) =>
      post(
        t,
        '/api/auth/sign-in/email',
        { email: `guess-${i}-${user.email}`, password: 'guess' },
        undefined,
        ip,
      );
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt('203.0.113.9', i)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expectRefusal(await attempt('203.0.113.10', 0), 401, 'INVALID_EMAIL_OR_PASSWORD');
  });

  it('does not let a client choose the address it is counted under', async () => {
    const user = await buildUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: `guess-${i}-${user.email}`, password: 'guess' },
        remoteAddress: '198.51.100.1',
        headers: {
          origin: 'http://127.0.0.1:3000',
          'x-archive-client-ip': `192.0.2.${i}`,
          'x-forwarded-for': `192.0.2.${i}`,
        },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe("the auth library's other endpoints", () => {
  /** Every endpoint better-auth's router has, as method and path, read from the library itself. */
  function libraryEndpoints(): { method: string; path: string }[] {
    const endpoints = Object.values(t.ctx.auth.api) as unknown as {
      path?: string;
      options?: { method?: string | string[] };
    }[];
    return endpoints.flatMap(({ path, options }) => {
      if (!path) return [];
      const declared = options?.method ?? '*';
      const methods = declared === '*' ? ['GET', 'POST'] : [declared].flat();
      return methods.map((method) => ({ method, path }));
    });
  }
  const served = (method: string, path: string) =>
    AUTH_ENDPOINTS_SERVED.some((e) => e.method === method && e.path === path);

  it('serves only the allow-list, which names endpoints the library has', () => {
    const all = libraryEndpoints();
    expect(all.length).toBeGreaterThan(20);
    for (const e of AUTH_ENDPOINTS_SERVED) {
      expect(all, `${e.method} ${e.path}`).toContainEqual({ method: e.method, path: e.path });
    }
  });

  it('answers 404 on every other endpoint, even to a signed-in account', async () => {
    // Signed in from an address of its own: the tests above used up 127.0.0.1's sign-ins.
    const viewer = await buildUser(t, { role: 'viewer' });
    const signedIn = await post(t, '/api/auth/sign-in/email', viewer, undefined, '192.0.2.44');
    const cookie = cookieFrom(signedIn.headers['set-cookie']);
    const refused = libraryEndpoints().filter((e) => !served(e.method, e.path));
    expect(refused.map((e) => `${e.method} ${e.path}`)).toContain('POST /update-user');
    for (const { method, path } of refused) {
      const url = `/api/auth${path.replace(/:[a-zA-Z]+/g, 'x')}`;
      const res = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: { origin: TEST_ORIGIN, cookie },
        ...(method === 'GET' ? {} : { payload: { name: 'Renamed', image: 'x' } }),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json().code, `${method} ${url}`).toBe('NOT_FOUND');
    }
    // The way around the permission table the review found: renaming oneself with no activity row.
    expect((await me(cookie)).fullName).toBe(viewer.full_name);
  });

  it('keeps no image a registration sends (a javascript: URL included)', async () => {
    const email = `imaged-${Date.now()}@example.org`;
    const res = await post(t, '/api/auth/sign-up/email', {
      name: 'Myndut',
      email,
      password: 'abcdef',
      image: 'javascript:alert(document.cookie)',
    });
    expect(res.statusCode).toBe(200);
    const row = await t.db.selectFrom('users').select('image').where('email', '=', email).executeTakeFirst();
    expect(row).toEqual({ image: null });
    expect(JSON.stringify(res.json())).not.toContain('javascript:');
  });
});
