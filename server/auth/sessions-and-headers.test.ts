import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { SIGN_IN_SLOWDOWN, signInDelayMs } from './account-lockout.ts';
import { buildUser, createTestApp, createTestDb, post, signIn, type TestApp } from '../test/harness.ts';

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
  const attempt = (email: string, password: string, ip: string, app = t) =>
    post(app, '/api/auth/sign-in/email', { email, password }, undefined, ip);
  /** An attempt and how long its answer took. */
  const timed = async (email: string, password: string, ip: string, app = t) => {
    const started = performance.now();
    const res = await attempt(email, password, ip, app);
    return { status: res.statusCode, ms: performance.now() - started, code: res.json().code };
  };
  const { firstDelayMs, maxDelayMs } = SIGN_IN_SLOWDOWN;
  // Password checks take seconds of CPU on a busy machine: these tests wait on real delays.
  const SLOW = 120_000;
  /** How long an untroubled sign-in takes right now (a new account, from an address of its own). */
  const baselineMs = async (ip: string) => {
    const someone = await buildUser(t);
    return (await timed(someone.email, someone.password, ip)).ms;
  };

  it('never waits when the address has not failed, whatever the account has been through', () => {
    expect(signInDelayMs(0, 10_000)).toBe(0);
    expect(signInDelayMs(2, 0)).toBe(0);
    expect(signInDelayMs(3, 0)).toBe(firstDelayMs);
    expect(signInDelayMs(1, 10)).toBe(firstDelayMs);
    expect(signInDelayMs(50, 0)).toBe(maxDelayMs);
  });

  it(
    'never locks the owner out: an address failing 20 times is slowed and limited, the owner signs in at once',
    async () => {
      const owner = await buildUser(t);
      const attacker = '198.51.100.50';
      const guesses = Promise.all(
        Array.from({ length: 20 }, (_, i) => timed(owner.email, `guess-${i}`, attacker)),
      );
      // While the guesses wait, the owner at another address is not held up by their delays (only by
      // the CPU their password checks take: all twenty may pass the library's racy per-address count).
      const during = await timed(owner.email.toUpperCase(), owner.password, '203.0.113.60');
      const failed = await guesses;
      expect(during.status).toBe(200);
      expect(during.ms).toBeLessThan(Math.max(...failed.map((f) => f.ms)));
      expect(new Set(failed.map((f) => f.status))).toEqual(new Set([401, 429]));
      // Slowed: the later guesses of the address waited, up to the longest delay.
      expect(Math.max(...failed.map((f) => f.ms))).toBeGreaterThanOrEqual(maxDelayMs);
      // Limited: the address's next try, even with the right password, is refused for now.
      expect((await timed(owner.email, owner.password, attacker)).status).toBe(429);
      // And after all that the owner still signs in at once from an address that has not failed.
      const baseline = await baselineMs('203.0.113.62');
      const after = await timed(owner.email, owner.password, '203.0.113.61');
      expect(after.status).toBe(200);
      expect(after.ms).toBeLessThan(baseline + maxDelayMs / 2);
    },
    SLOW,
  );

  it(
    'slows an address that failed, also when many addresses guess one account; others go on',
    async () => {
      const user = await buildUser(t);
      for (let i = 0; i < 10; i++) {
        // One guess from each of ten addresses: none of them is slowed yet.
        expect((await timed(user.email, `guess-${i}`, `198.51.100.${i + 1}`)).status).toBe(401);
      }
      // Each of them has failed, and the account has failed ten times: the second guess waits.
      const again = await timed(user.email, 'guess-again', '198.51.100.1');
      expect(again.status).toBe(401);
      expect(again.ms).toBeGreaterThanOrEqual(firstDelayMs);
      const baseline = await baselineMs('203.0.113.8');
      const fresh = await timed(user.email, user.password, '203.0.113.7');
      expect(fresh.status).toBe(200);
      expect(fresh.ms).toBeLessThan(baseline + maxDelayMs / 2);
    },
    SLOW,
  );

  it(
    'keeps its counts in the database: another instance slows the same address',
    async () => {
      const database = await createTestDb();
      const a = await createTestApp({ database });
      const b = await createTestApp({ database });
      try {
        const user = await buildUser(a);
        const ip = '192.0.2.90';
        for (let i = 0; i < 4; i++) expect((await timed(user.email, `nope-${i}`, ip, a)).status).toBe(401);
        // Four failures before it: the fifth waits twice the first delay, on the other instance too.
        const onB = await timed(user.email, 'nope-4', ip, b);
        expect(onB.status).toBe(401);
        expect(onB.ms).toBeGreaterThanOrEqual(firstDelayMs * 2);
        const rows = await a.db
          .selectFrom('rate_limits')
          .select('count')
          .where('key', 'like', 'sign-in-failures:%:192.0.2.90')
          .execute();
        expect(rows).toEqual([{ count: 5 }]);
      } finally {
        await b.app.close();
        rmSync(b.dataDir, { recursive: true, force: true });
        await a.close();
      }
    },
    SLOW,
  );

  it(
    'a right password clears the counts of the account and its address',
    async () => {
      const user = await buildUser(t);
      const ip = '192.0.2.100';
      for (let i = 0; i < 4; i++) expect((await timed(user.email, `nope-${i}`, ip)).status).toBe(401);
      const right = await timed(user.email, user.password, ip);
      expect(right.status).toBe(200);
      expect(right.ms).toBeGreaterThanOrEqual(firstDelayMs * 2);
      const counts = await t.db
        .selectFrom('rate_limits')
        .select('key')
        .where('key', 'like', 'sign-in-failures:%:192.0.2.100')
        .execute();
      expect(counts).toEqual([]);
    },
    SLOW,
  );
});

describe('a password reset token', () => {
  async function resetToken(email: string): Promise<string> {
    const before = t.outbox().length;
    await post(t, '/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    await t.jobs.drain();
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
