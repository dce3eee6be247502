import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_SIGN_IN_RULE } from './account-lockout.ts';
import { buildUser, createTestApp, post, signIn, type TestApp } from '../test/harness.ts';

/** Issue 10 part 2: what a session and every answer carry, and how guessing is stopped. */
let t: TestApp;
let tls: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The same app as served behind TLS (PUBLIC_URL https, as behind a proxy that ends TLS).
  tls = await createTestApp({ config: { publicUrl: 'https://arkiv.example.fo' } });
});
afterAll(async () => {
  await t.close();
  await tls.close();
});

const setCookies = (header: string | string[] | undefined) =>
  Array.isArray(header) ? header : header ? [header] : [];

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, for the whole site, and holds at least 128 random bits', async () => {
    const user = await buildUser(t);
    const res = await post(t, '/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    const session = setCookies(res.headers['set-cookie']).find((c) => c.includes('session_token='))!;
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).toMatch(/; Path=\//);
    expect(session).not.toMatch(/; Secure/i);
    // The value is `token.signature`; the token alone is 32 characters of [A-Za-z0-9] (≈190 bits).
    const token = decodeURIComponent(session.split(';')[0]!.split('=')[1]!).split('.')[0]!;
    expect(token.length * Math.log2(62)).toBeGreaterThanOrEqual(128);
    const second = await signIn(t, user.email, user.password);
    expect(second).not.toContain(token);
  });

  it('is Secure, with the __Secure- prefix, when the archive is served over TLS', async () => {
    const user = await buildUser(tls);
    const res = await tls.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
      headers: { origin: 'https://arkiv.example.fo' },
    });
    expect(res.statusCode).toBe(200);
    const session = setCookies(res.headers['set-cookie']).find((c) => c.includes('session_token='))!;
    expect(session).toMatch(/^__Secure-/);
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; HttpOnly/i);
  });
});

describe('headers on every answer', () => {
  it('forbid framing and inline script, sniffing and full referrers; no HSTS over plain HTTP', async () => {
    for (const url of ['/api/health', '/', '/admin']) {
      const res = await t.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? /default-src ([^;]*)/.exec(csp)![1]!;
      expect(scriptSrc, url).not.toContain("'unsafe-inline'");
      expect(scriptSrc, url).not.toContain("'unsafe-eval'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toMatch(
        /^(no-referrer|same-origin|strict-origin(-when-cross-origin)?)$/,
      );
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('add HSTS when served over TLS', async () => {
    const res = await tls.app.inject('/api/health');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });
});

describe('state-changing requests from another site', () => {
  it('are refused by Origin and by Sec-Fetch-Site, signed in or signing in', async () => {
    const user = await buildUser(t);
    const admin = await buildUser(t, { role: 'admin' });
    const cookie = await signIn(t, admin.email, admin.password);
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<
      string,
      string
    >[]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/media/bulk',
        payload: { ids: [], action: 'publish' },
        headers: { ...headers, cookie },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('CROSS_SITE');
      const signInRes = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: user.password },
        headers,
      });
      expect(signInRes.statusCode).toBe(403);
    }
  });
});

describe('guessing a password', () => {
  const attempt = (email: string, password: string, ip: string) =>
    post(t, '/api/auth/sign-in/email', { email, password }, undefined, ip);

  it('locks the account after 10 wrong passwords from many addresses, with a clear message; other accounts go on', async () => {
    const user = await buildUser(t);
    const other = await buildUser(t);
    for (let i = 0; i < ACCOUNT_SIGN_IN_RULE.max; i++) {
      // A new address each time: the per-address limit never applies.
      const res = await attempt(user.email, `guess-${i}`, `198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    // Even the right password waits now, and the e-mail's case does not matter.
    const locked = await attempt(user.email.toUpperCase(), user.password, '203.0.113.7');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(locked.json().message).toMatch(
      /Too many failed sign-in attempts for this account\. Please try again in 1[45] minutes\./,
    );
    expect((await attempt(other.email, other.password, '203.0.113.8')).statusCode).toBe(200);

    // When the window has passed, the right password works and clears the count.
    await t.db
      .updateTable('rate_limits')
      .set({ last_request: Date.now() - ACCOUNT_SIGN_IN_RULE.windowSeconds * 1000 - 1000 })
      .where('key', 'like', 'sign-in-failures:%')
      .execute();
    expect((await attempt(user.email, user.password, '203.0.113.9')).statusCode).toBe(200);
  });

  it('counts only wrong passwords: a right one in between starts the count again', async () => {
    const user = await buildUser(t);
    for (let i = 0; i < ACCOUNT_SIGN_IN_RULE.max - 1; i++) {
      expect((await attempt(user.email, `nope-${i}`, `192.0.2.${i + 1}`)).statusCode).toBe(401);
    }
    expect((await attempt(user.email, user.password, '192.0.2.100')).statusCode).toBe(200);
    for (let i = 0; i < ACCOUNT_SIGN_IN_RULE.max - 1; i++) {
      expect((await attempt(user.email, `again-${i}`, `192.0.2.${i + 120}`)).statusCode).toBe(401);
    }
    expect((await attempt(user.email, user.password, '192.0.2.200')).statusCode).toBe(200);
  });
});

describe('a password reset token', () => {
  async function resetToken(email: string): Promise<string> {
    const before = t.outbox().length;
    await post(t, '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    const mail = t.outbox().slice(before).at(-1)!;
    const link = mail.match(/http:\/\/127\.0\.0\.1:3000(\/api\/auth\/reset-password\/\S+)/)![1]!;
    const follow = await t.app.inject({ url: link });
    return new URL(follow.headers.location as string, 'http://127.0.0.1:3000').searchParams.get('token')!;
  }

  it('works once', async () => {
    const user = await buildUser(t);
    const token = await resetToken(user.email);
    expect(
      (await post(t, '/api/auth/reset-password', { newPassword: 'first-new-pw', token })).statusCode,
    ).toBe(200);
    const again = await post(t, '/api/auth/reset-password', { newPassword: 'second-new-pw', token });
    expect(again.statusCode).toBe(400);
    await signIn(t, user.email, 'first-new-pw');
    await expect(signIn(t, user.email, 'second-new-pw')).rejects.toThrow(/401/);
  });

  it('expires after an hour', async () => {
    const user = await buildUser(t);
    const token = await resetToken(user.email);
    await t.db
      .updateTable('verifications')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('identifier', '=', `reset-password:${token}`)
      .execute();
    const res = await post(t, '/api/auth/reset-password', { newPassword: 'late-new-pw', token });
    expect(res.statusCode).toBe(400);
    await signIn(t, user.email, user.password);
  });

  it('and every older one of the account stop working once a newer one has reset the password', async () => {
    const user = await buildUser(t);
    const other = await buildUser(t);
    const first = await resetToken(user.email);
    const second = await resetToken(user.email);
    const othersToken = await resetToken(other.email);
    expect(
      (await post(t, '/api/auth/reset-password', { newPassword: 'newest-pw', token: second })).statusCode,
    ).toBe(200);
    const older = await post(t, '/api/auth/reset-password', { newPassword: 'older-link-pw', token: first });
    expect(older.statusCode).toBe(400);
    expect(older.json().code).toBe('INVALID_TOKEN');
    await signIn(t, user.email, 'newest-pw');
    // Another account's outstanding link is not touched.
    expect(
      (await post(t, '/api/auth/reset-password', { newPassword: 'others-new-pw', token: othersToken }))
        .statusCode,
    ).toBe(200);
  });
});
