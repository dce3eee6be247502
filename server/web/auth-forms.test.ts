import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from '#server/test/expect-refusal.ts';
import {
  buildUser,
  cookieFrom,
  createTestApp,
  pageShellDir,
  TEST_ORIGIN,
  type TestApp,
} from '../test/harness.ts';

// The sign-in, registration and reset forms, sent as a browser sends a form by itself (before the
// page's script, or without JavaScript): form-encoded, to the page, answered by the server alone.
let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = pageShellDir();
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

let address = 0;
/** A form sent by a browser from this site's page, from an address of its own unless given. */
function send(
  url: string,
  fields: Record<string, string>,
  options: { headers?: Record<string, string>; ip?: string; cookie?: string } = {},
) {
  address += 1;
  return t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: options.ip ?? `198.51.100.${address % 250}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: TEST_ORIGIN,
      'sec-fetch-site': 'same-origin',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
  });
}

const me = async (cookie: string) =>
  (await t.app.inject({ url: '/api/me', headers: { cookie } })).json().user;

/** The page as the server drew it, and the form reply it embeds. */
function drawn(body: string) {
  const root = /<div id="root" data-rendered-at="\d+">([\s\S]*)<\/div><script/.exec(body)?.[1] ?? '';
  const boot = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(body)?.[1];
  return { root, reply: (JSON.parse(boot ?? '{}') as Record<string, unknown>)['form-reply'] };
}

describe('POST /login and /contributor/login', () => {
  it('signs in, sets the session cookie and sends staff to /admin, contributors to their dashboard (303)', async () => {
    const admin = await buildUser(t, { role: 'admin' });
    const res = await send('/login', { email: admin.email, password: admin.password });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/admin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await me(cookieFrom(res.headers['set-cookie']))).toMatchObject({ id: admin.id, role: 'admin' });

    const contributor = await buildUser(t);
    for (const path of ['/login', '/contributor/login']) {
      const signedIn = await send(path, { email: contributor.email, password: contributor.password });
      expect(signedIn.statusCode).toBe(303);
      expect(signedIn.headers.location).toBe('/contributor/dashboard');
      expect(await me(cookieFrom(signedIn.headers['set-cookie']))).toMatchObject({ id: contributor.id });
    }
  });

  it('follows a ?next= on this site, and never one to another host', async () => {
    const user = await buildUser(t);
    const next = await send(`/contributor/login?next=${encodeURIComponent('/submit')}`, {
      email: user.email,
      password: user.password,
    });
    expect(next.headers.location).toBe('/submit');
    const away = await send(`/login?next=${encodeURIComponent('//evil.example/x')}`, {
      email: user.email,
      password: user.password,
    });
    expect(away.headers.location).toBe('/contributor/dashboard');
  });

  it("draws the page with the red 'Login Failed' panel for a wrong password, the e-mail kept and no password echoed", async () => {
    const user = await buildUser(t, { role: 'editor' });
    const res = await send('/login', { email: user.email, password: 'wrong-password-xyz' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
    const { root, reply } = drawn(res.body);
    expect(root).toContain('Login Failed');
    expect(root).toContain('Invalid email or password');
    expect(root).toContain('role="alert"');
    expect(root).toContain(`value="${user.email}"`);
    expect(root).toMatch(
      /<form[^>]*action="\/login"[^>]*method="post"|<form[^>]*method="post"[^>]*action="\/login"/,
    );
    expect(reply).toMatchObject({ form: 'sign-in', values: { email: user.email } });
    expect(res.body).not.toContain('wrong-password-xyz');
  });

  it('shows the orange Account Deactivated panel for a deactivated account', async () => {
    const user = await buildUser(t, { isActive: false });
    const res = await send('/contributor/login', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(drawn(res.body).root).toContain('Account Deactivated');
  });

  it('marks empty fields as required, in the page’s language, without asking the auth library', async () => {
    const res = await send('/contributor/login', { email: '', password: '' });
    expect(res.statusCode).toBe(400);
    const { root } = drawn(res.body);
    expect(root.match(/Hesin teigurin má fyllast út\./g)).toHaveLength(2);
    expect(root).toContain('aria-invalid="true"');
  });

  it('counts form sign-ins in the same rate limit as the JSON sign-in', async () => {
    const user = await buildUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await send(
        '/login',
        { email: `guess-${i}-${user.email}`, password: 'guess' },
        { ip: '203.0.113.77' },
      );
      statuses.push(res.statusCode);
      if (i === 10) expect(drawn(res.body).root).toContain('Too many attempts');
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The JSON endpoint from the same address is refused too: one count.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
      remoteAddress: '203.0.113.77',
      headers: { origin: TEST_ORIGIN },
    });
    expect(json.statusCode).toBe(429);
    // Eleven pages drawn: on two busy shared cores that takes more than the default 30 s.
  }, 120_000);

  it('refuses a form sent from another site, or by no browser', async () => {
    const user = await buildUser(t);
    const fields = { email: user.email, password: user.password };
    const refusedWith = async (headers: Record<string, string>) => {
      const res = await send('/login', fields, { headers });
      expectRefusal(res, 403, 'CROSS_SITE');
      expect(res.headers['set-cookie']).toBeUndefined();
    };
    await refusedWith({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    await refusedWith({ origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' });
    await refusedWith({ origin: TEST_ORIGIN, 'sec-fetch-site': 'cross-site' });
    await refusedWith({ origin: 'null', 'sec-fetch-site': 'cross-site' });
    await refusedWith({ origin: '', 'sec-fetch-site': '' });
    // Only a page under no-referrer would send `Origin: null`; ours send same-origin referrers.
    await refusedWith({ origin: 'null', 'sec-fetch-site': 'same-origin' });
    const fromOurPage = await send('/login', fields, { headers: { origin: TEST_ORIGIN } });
    expect(fromOurPage.statusCode).toBe(303);
  });

  it('takes only form-encoded bodies of a few KB, and the JSON API still takes none', async () => {
    const big = await send('/login', { email: 'a@b.c', password: 'x'.repeat(20_000) });
    expect(big.statusCode).toBe(413);
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: 'email=a%40b.c&password=x',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(api.statusCode).toBe(415);
  });
});

describe('POST /contributor/register', () => {
  it('draws "check your e-mail", signing nobody in, alike for a new address and one with an account', async () => {
    const owner = await buildUser(t);
    const email = `form-${Date.now()}@example.org`;
    const answers = [];
    for (const address of [email, owner.email]) {
      const res = await send('/contributor/register', {
        name: 'Sigrid Joensen',
        email: address,
        password: 'rightpassword',
        confirmPassword: 'rightpassword',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.body).not.toContain('rightpassword');
      expect(res.body).not.toContain(address);
      answers.push(drawn(res.body));
    }
    expect(answers[0]!.root).toContain('Kanna teldupostin');
    expect(answers[0]!.root).toContain('href="/contributor/login"');
    expect(answers[1]).toEqual(answers[0]);
    // The new account has role public and waits for its owner's confirmation.
    const row = await t.db
      .selectFrom('users')
      .select(['role', 'full_name', 'email_verified'])
      .where('email', '=', email)
      .executeTakeFirst();
    expect(row).toEqual({ role: 'public', full_name: 'Sigrid Joensen', email_verified: false });
  });

  it("checks what the script checks: the passwords' match and length, in Faroese, the name and e-mail kept", async () => {
    const res = await send('/contributor/register', {
      name: 'Óli',
      email: 'oli@example.org',
      password: 'abc',
      confirmPassword: 'abd',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['set-cookie']).toBeUndefined();
    const { root } = drawn(res.body);
    expect(root).toContain('Loyniorðini eru ikki tey somu.');
    expect(root).toContain('Loyniorðið má vera í minsta lagi 6 tekn.');
    expect(root).toContain('value="Óli"');
    expect(root).toContain('value="oli@example.org"');
    expect(res.body).not.toMatch(/value="ab[cd]"/);
  });
});

describe('POST /contributor/login, asking for the confirmation link again', () => {
  it('draws the same confirmation for any address, and mails only an account waiting for it', async () => {
    const confirmed = await buildUser(t);
    const waiting = `waiting-${Date.now()}@example.org`;
    await send('/contributor/register', {
      name: 'Bíðandi',
      email: waiting,
      password: 'rightpassword',
      confirmPassword: 'rightpassword',
    });
    await t.jobs.drain();
    const before = t.outbox().length;
    const roots = [];
    for (const email of [waiting, confirmed.email, 'nobody-at-all@example.org']) {
      const res = await send('/contributor/login', { _form: 'resend-confirmation', email });
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
      roots.push(drawn(res.body).root);
    }
    expect(roots[0]).toContain(
      'Um ein konto við hesum teldupostinum bíðar eftir váttan, er ein nýggj leinkja send.',
    );
    expect(new Set(roots).size).toBe(1);
    await t.jobs.drain();
    const sent = t.outbox().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`To: ${waiting}`);
    expect(sent[0]).toMatch(/\/api\/auth\/verify-email\?token=/);
  });
});

describe('POST /reset-password', () => {
  it('requests a link and draws the confirmation, the same for an unknown address', async () => {
    const user = await buildUser(t);
    const before = t.outbox().length;
    for (const email of [user.email, 'nobody-here@example.org']) {
      const res = await send('/reset-password', { _form: 'reset-request', email });
      expect(res.statusCode).toBe(200);
      expect(drawn(res.body).root).toContain(
        'If an account exists for that e-mail, a reset link has been sent.',
      );
    }
    // The mail goes by the job queue, so neither answer waits for it.
    await t.jobs.drain();
    expect(t.outbox().length).toBe(before + 1);
  });

  it('sets the new password the mailed link allows, and refuses a bad link', async () => {
    const user = await buildUser(t);
    await send('/reset-password', { _form: 'reset-request', email: user.email });
    await t.jobs.drain();
    const link = t
      .outbox()
      .at(-1)!
      .match(/http:\/\/127\.0\.0\.1:3000(\/api\/auth\/reset-password\/\S+)/)![1]!;
    const target = new URL(
      (await t.app.inject({ url: link })).headers.location as string,
      'http://127.0.0.1:3000',
    );
    const token = target.searchParams.get('token')!;
    const page = `/reset-password?token=${token}`;

    const mismatch = await send(page, {
      _form: 'reset-password',
      token,
      newPassword: 'brand-new-pw',
      confirmPassword: 'brand-new-px',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(drawn(mismatch.body).root).toContain('Passwords do not match');

    const done = await send(page, {
      _form: 'reset-password',
      token,
      newPassword: 'brand-new-pw',
      confirmPassword: 'brand-new-pw',
    });
    expect(done.statusCode).toBe(200);
    expect(drawn(done.body).root).toContain('Your password has been changed.');
    expect((await send('/login', { email: user.email, password: 'brand-new-pw' })).statusCode).toBe(303);

    const reused = await send(page, {
      _form: 'reset-password',
      token,
      newPassword: 'another-pw',
      confirmPassword: 'another-pw',
    });
    expect(reused.statusCode).toBe(400);
    expect(drawn(reused.body).root).toContain('This reset link is invalid or has expired.');
  });
});
