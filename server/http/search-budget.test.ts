import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMedia } from '#server/test/factories.ts';
import { buildUser, createTestApp, listen, signIn, TEST_ORIGIN, type TestApp } from '#server/test/harness.ts';
import { putSettings } from '#server/features/settings/settings.repository.ts';
import { TOO_MANY_SEARCHES_MESSAGE, UNCACHED_BURST, UNCACHED_PER_SECOND } from './search-budget.ts';

const template =
  '<!doctype html><html lang="fo"><head><title>Myndasavn</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let webDir: string;
let port: number;
let previous: string | undefined;
beforeAll(async () => {
  // The kept answers are off under vitest unless asked for; they are what this is about.
  previous = process.env.PAGE_CACHE_MS;
  process.env.PAGE_CACHE_MS = '600000';
  webDir = mkdtempSync(join(tmpdir(), 'archive-web-'));
  writeFileSync(join(webDir, 'index.html'), template);
  t = await createTestApp({ webDir });
  port = Number(new URL(await listen(t)).port);
  await buildMedia(t, { title: 'Bryggjan í Gøtu', is_public: true });
});
afterAll(async () => {
  if (previous === undefined) delete process.env.PAGE_CACHE_MS;
  else process.env.PAGE_CACHE_MS = previous;
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

/** GET over real HTTP from the local address `from` (127.0.0.0/8 is all this machine's). */
function getFrom(from: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, localAddress: from, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

const refusal = { code: 'TOO_MANY_SEARCHES', message: TOO_MANY_SEARCHES_MESSAGE };

/**
 * Sends `count` GETs at once from `from`: the bucket refills one a second, and one by one they
 * would take longer than that on a busy machine. Answers the statuses and how long it took.
 */
async function burst(from: string, paths: string[]) {
  const started = performance.now();
  const answers = await Promise.all(paths.map((path) => getFrom(from, path)));
  const seconds = (performance.now() - started) / 1000;
  const refused = answers.filter((a) => a.status === 429);
  for (const answer of refused) expect(JSON.parse(answer.body)).toEqual(refusal);
  const served = answers.filter((a) => a.status === 200).length;
  expect(served + refused.length).toBe(paths.length);
  return { served, refused: refused.length, seconds };
}

/** What the allowance lets through in `seconds`: the burst, and one for each second begun. */
const allowed = (seconds: number) => UNCACHED_BURST + Math.ceil(seconds * UNCACHED_PER_SECOND);

describe('searches that are not kept, from one address', () => {
  it(`are answered ${UNCACHED_BURST} at once, then 429 TOO_MANY_SEARCHES; kept ones and other addresses are not held back`, async () => {
    const paths = Array.from(
      { length: UNCACHED_BURST + 15 },
      (_, i) => `/api/gallery?q=${encodeURIComponent(`orð${i}`)}`,
    );
    const { served, refused, seconds } = await burst('127.0.0.2', paths);
    console.log(
      `  ${paths.length} searches at once: ${served} answered, ${refused} refused (${seconds.toFixed(1)} s)`,
    );
    expect(served).toBeGreaterThanOrEqual(UNCACHED_BURST);
    expect(served).toBeLessThanOrEqual(allowed(seconds));
    expect(refused).toBeGreaterThan(0);
    // A random parameter that is no search is a new answer all the same. (The bucket refills one
    // a second meanwhile: a busy machine may take more than that to get here, so a few are sent.)
    const others = Array.from({ length: 5 }, (_, i) => `/api/gallery/summary?x=${i}`);
    expect((await burst('127.0.0.2', others)).refused).toBeGreaterThan(0);
    // What is kept costs nothing: unlimited.
    expect((await getFrom('127.0.0.2', '/api/gallery?q=or%C3%B03')).status).toBe(200);
    expect((await getFrom('127.0.0.2', '/api/gallery')).status).toBe(200);
    expect((await getFrom('127.0.0.3', '/api/gallery?q=annar')).status).toBe(200);
  });

  it('drawn as pages (/?q=…) are bounded the same way', async () => {
    const paths = Array.from({ length: UNCACHED_BURST + 15 }, (_, i) => `/?q=leiting${i}`);
    const { served, refused, seconds } = await burst('127.0.0.4', paths);
    console.log(
      `  ${paths.length} search pages at once: ${served} answered, ${refused} refused (${seconds.toFixed(1)} s)`,
    );
    expect(served).toBeGreaterThanOrEqual(UNCACHED_BURST);
    expect(served).toBeLessThanOrEqual(allowed(seconds));
    expect(refused).toBeGreaterThan(0);
    // Any other query string is charged as well. (Charged as they arrive, drawn after: the bucket
    // may have refilled a few while the burst was being drawn, so more than a few are sent.)
    const others = Array.from({ length: UNCACHED_BURST + 5 }, (_, i) => `/?zz=${i}`);
    expect((await burst('127.0.0.4', others)).refused).toBeGreaterThan(0);
    expect((await getFrom('127.0.0.4', '/?q=leiting7')).status).toBe(200);
    expect((await getFrom('127.0.0.4', '/')).status).toBe(200);
    expect((await getFrom('127.0.0.5', '/?q=leiting')).status).toBe(200);
  });
});

describe('the kept page for anonymous visitors', () => {
  /** The site title the home page embeds for `cookie` (not kept anywhere else), and the page. */
  async function home(cookie?: string) {
    const res = await t.app.inject({ url: '/', headers: cookie ? { cookie } : {} });
    const json = /id="boot-data">(.*?)<\/script>/s.exec(res.body)?.[1];
    const settings = JSON.parse(json ?? 'null')['/api/settings/public'];
    return { title: settings.settings.site_title as string, html: res.body };
  }

  it('is given to a cookie that names no live session, and never to one that does', async () => {
    const user = await buildUser(t, { role: 'editor' });
    const live = await signIn(t, user.email, user.password);
    const signedOut = await signIn(t, user.email, user.password);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_ORIGIN, cookie: signedOut },
    });
    expect(out.statusCode).toBe(200);
    const forged = `better-auth.session_token=${randomBytes(24).toString('base64url')}.${randomBytes(32).toString('base64url')}`;

    const kept = (await home()).title;
    // A change behind the API's back: not seen while the page is kept.
    await putSettings(t.db, { site_title: 'Nýtt heiti' }, user.id);
    expect((await home()).title).toBe(kept);
    expect((await home(forged)).title).toBe(kept);
    expect((await home(signedOut)).title).toBe(kept);
    expect((await home(`archive_language=fo; ${forged}`)).title).toBe(kept);

    const mine = await home(live);
    expect(mine.title).toBe('Nýtt heiti');
    expect(mine.html).toContain(user.email);
    // The signed-in visitor's page was not kept for the others.
    const after = await home();
    expect(after.title).toBe(kept);
    expect(after.html).not.toContain(user.email);
  });
});
