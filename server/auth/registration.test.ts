import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrations } from '#server/db/migrations/index.ts';
import { expectRefusal } from '#server/test/expect-refusal.ts';
import {
  buildUser,
  cookieFrom,
  createTestApp,
  post,
  queuedMailsTo,
  signIn,
  type TestApp,
} from '../test/harness.ts';

// Issue 30 B9: registration must not tell whether an address has an account. A new address gets a
// confirmation link; an existing account's owner a mail saying someone tried; the answers are one.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

let address = 0;
/** Each request from an address of its own, so the rate limits of one test do not reach another. */
const from = () => {
  address += 1;
  return `192.0.2.${address}`;
};

const me = async (cookie: string) =>
  (await t.app.inject({ url: '/api/me', headers: { cookie } })).json().user;

const signUp = (email: string, password = 'a-password') =>
  post(t, '/api/auth/sign-up/email', { name: 'Ása Nýggj', email, password }, undefined, from());

/** What a client sees of an answer, with what differs in every answer alike (ids, times) marked. */
function seen(res: LightMyRequestResponse, email: string) {
  const { date, 'content-length': _length, ...headers } = res.headers;
  expect(date).toBeDefined();
  const body = res.json();
  const user = body.user ?? {};
  expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
  for (const field of ['createdAt', 'updatedAt']) {
    expect(Math.abs(Date.parse(user[field]) - Date.now())).toBeLessThan(60_000);
  }
  expect(user.email).toBe(email);
  return {
    status: res.statusCode,
    headers,
    body: {
      ...body,
      user: { ...user, id: '<id>', createdAt: '<now>', updatedAt: '<now>', email: '<email>' },
    },
  };
}

const confirmed = async (email: string) =>
  (
    await t.db
      .selectFrom('users')
      .select('email_verified')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).email_verified;

/** The link a confirmation mail to `to` holds, as a path on this server. */
async function confirmationLink(to: string): Promise<string> {
  await t.jobs.drain();
  const mail = t.outbox().findLast((m) => m.includes(`To: ${to}`) && m.includes('/verify-email?'));
  const link = mail?.match(/http:\/\/127\.0\.0\.1:3000(\/api\/auth\/verify-email\?\S+)/)?.[1];
  if (!link) throw new Error(`no confirmation mail to ${to}`);
  return link;
}

describe('POST /api/auth/sign-up/email', () => {
  it('answers an address that has an account exactly as a new one: 200, no session, no USER_ALREADY_EXISTS', async () => {
    const owner = await buildUser(t, { email: `taken-${randomUUID().slice(0, 8)}@example.org` });
    const fresh = `fresh-${randomUUID().slice(0, 8)}@example.org`;
    // An image too: a new account keeps none, so the other answer must not echo it either.
    const send = (email: string) =>
      post(
        t,
        '/api/auth/sign-up/email',
        { name: 'Ása Nýggj', email, password: 'a-password', image: 'https://example.org/me.png' },
        undefined,
        from(),
      );
    const taken = await send(owner.email);
    const created = await send(fresh);
    expect(taken.headers['set-cookie']).toBeUndefined();
    expect(created.headers['set-cookie']).toBeUndefined();
    expect(seen(taken, owner.email)).toEqual(seen(created, fresh));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ token: null, user: { emailVerified: false, image: null } });
    expect(taken.body).not.toContain('USER_ALREADY_EXISTS');
  });

  it('mails the owner of the existing account and a confirmation link to the new address, from the job queue', async () => {
    const owner = await buildUser(t);
    const fresh = `fresh-${randomUUID().slice(0, 8)}@example.org`;
    await t.jobs.drain();
    const before = t.outbox().length;
    expect((await signUp(owner.email, 'not-their-password')).statusCode).toBe(200);
    expect((await signUp(fresh)).statusCode).toBe(200);
    // Neither request sent mail itself: the job queue does.
    expect(t.outbox()).toHaveLength(before);
    expect(await queuedMailsTo(t, owner.email)).toEqual([
      'Royndu at skráseta tín teldupost / Someone tried to register with your address',
    ]);
    expect(await queuedMailsTo(t, fresh)).toEqual(['Vátta teldupostin / Confirm your e-mail address']);
    await t.jobs.drain();
    const sent = t.outbox().slice(before);
    const toOwner = sent.find((m) => m.includes(`To: ${owner.email}`))!;
    expect(toOwner).toContain('If it was you, sign in or reset your password.');
    expect(toOwner).toContain('http://127.0.0.1:3000/reset-password');
    expect(toOwner).not.toContain('verify-email');
    expect(sent.find((m) => m.includes(`To: ${fresh}`))).toMatch(/\/api\/auth\/verify-email\?token=/);
    // The owner's account is as it was: the password sent did not replace theirs.
    expect(await me(await signIn(t, owner.email, owner.password))).toMatchObject({ id: owner.id });
  });
});

describe('an account whose address is not confirmed', () => {
  it('cannot sign in, and is answered exactly as a wrong password is', async () => {
    const email = `waiting-${randomUUID().slice(0, 8)}@example.org`;
    await signUp(email, 'the-password');
    const owner = await buildUser(t);
    const unconfirmed = await post(
      t,
      '/api/auth/sign-in/email',
      { email, password: 'the-password' },
      undefined,
      from(),
    );
    const wrong = await post(
      t,
      '/api/auth/sign-in/email',
      { email: owner.email, password: 'the-password' },
      undefined,
      from(),
    );
    expectRefusal(unconfirmed, 401, 'INVALID_EMAIL_OR_PASSWORD');
    expect(unconfirmed.headers['set-cookie']).toBeUndefined();
    expect(unconfirmed.body).toBe(wrong.body);
    const { date: _a, ...unconfirmedHeaders } = unconfirmed.headers;
    const { date: _b, ...wrongHeaders } = wrong.headers;
    expect(unconfirmedHeaders).toEqual(wrongHeaders);
  });

  it('is confirmed and signed in by the mailed link, once; a second use signs nobody in', async () => {
    const email = `link-${randomUUID().slice(0, 8)}@example.org`;
    await signUp(email, 'the-password');
    const link = await confirmationLink(email);

    const first = await t.app.inject({ url: link });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/contributor/dashboard');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(await me(cookieFrom(first.headers['set-cookie']))).toMatchObject({ email, role: 'public' });
    expect(await confirmed(email)).toBe(true);
    expect(await me(await signIn(t, email, 'the-password'))).toMatchObject({ email });

    const again = await t.app.inject({ url: link });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/contributor/login?confirm=done');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('is not confirmed by an expired or altered link, and the visitor is told which', async () => {
    const email = `late-${randomUUID().slice(0, 8)}@example.org`;
    await signUp(email);
    const link = await confirmationLink(email);

    const altered = await t.app.inject({
      url: link.replace(/token=([^&]+)/, (_, token) => `token=${token}x`),
    });
    expect(altered.headers.location).toBe('/contributor/login?confirm=invalid');
    expect(altered.headers['set-cookie']).toBeUndefined();

    // The link is valid for 24 hours.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 3600_000 });
    const expired = await t.app.inject({ url: link });
    vi.useRealTimers();
    expect(expired.statusCode).toBe(302);
    expect(expired.headers.location).toBe('/contributor/login?confirm=expired');
    expect(expired.headers['set-cookie']).toBeUndefined();
    expect(await confirmed(email)).toBe(false);
  });

  it('is confirmed by a password reset (the reset link came to the address too)', async () => {
    const email = `reset-${randomUUID().slice(0, 8)}@example.org`;
    await signUp(email);
    await post(
      t,
      '/api/auth/request-password-reset',
      { email, redirectTo: '/reset-password' },
      undefined,
      from(),
    );
    await t.jobs.drain();
    const mail = t.outbox().findLast((m) => m.includes(`To: ${email}`) && m.includes('/reset-password/'))!;
    const follow = await t.app.inject({
      url: mail.match(/http:\/\/127\.0\.0\.1:3000(\/api\/auth\/reset-password\/\S+)/)![1]!,
    });
    const token = new URL(follow.headers.location as string, 'http://x').searchParams.get('token');
    expect(
      (await post(t, '/api/auth/reset-password', { newPassword: 'chosen-by-owner', token })).statusCode,
    ).toBe(200);
    expect(await confirmed(email)).toBe(true);
    expect(await me(await signIn(t, email, 'chosen-by-owner'))).toMatchObject({ email });
  });
});

describe('POST /api/auth/send-verification-email', () => {
  it('answers alike for an unconfirmed, a confirmed and an unknown address, and mails only the first', async () => {
    const waiting = `again-${randomUUID().slice(0, 8)}@example.org`;
    await signUp(waiting);
    const confirmed = await buildUser(t);
    await t.jobs.drain();
    const answers = [];
    for (const email of [waiting, confirmed.email, 'nobody-known@example.org']) {
      const res = await post(t, '/api/auth/send-verification-email', { email }, undefined, from());
      const { date: _date, ...headers } = res.headers;
      answers.push({ status: res.statusCode, headers, body: res.body });
    }
    expect(answers[0]).toMatchObject({ status: 200, body: '{"status":true}' });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await queuedMailsTo(t, waiting)).toEqual(['Vátta teldupostin / Confirm your e-mail address']);
    expect(await queuedMailsTo(t, confirmed.email)).toEqual([]);
  });
});

describe('migration 0017', () => {
  it('counts every account made before it as confirmed', async () => {
    const email = `before-${randomUUID().slice(0, 8)}@example.org`;
    await t.db.insertInto('users').values({ email, full_name: 'Frá Fyrr', email_verified: false }).execute();
    // biome-ignore lint/suspicious/noExplicitAny: migrations take the untyped schema
    await migrations['20261125_0017_confirmed_addresses']!.up(t.db as any);
    const row = await t.db
      .selectFrom('users')
      .select('email_verified')
      .where('email', '=', email)
      .executeTakeFirst();
    expect(row).toEqual({ email_verified: true });
  });
});
