import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  asRole,
  buildCategory,
  buildDerivatives,
  buildDocument,
  buildMedia,
  buildSlideshow,
} from '../test/factories.ts';
import type { AppContext } from '../http/context.ts';
import { createTestApp, pageShellDir, type TestApp } from '../test/harness.ts';
import { createBootAnswers } from './boot-answers.ts';
import { bootDataPaths } from './boot-data.ts';

// A page's embedded answers are the API's own answers for the same visitor, byte for byte: the page
// computes them in-process (boot-answers.ts) rather than asking itself over HTTP.
let t: TestApp;
let webDir: string;
const ids: Record<string, string> = {};

/** A picture with its thumbnail and display size (the answers then carry their file addresses). */
async function item(title: string, isPublic = true, featured = false) {
  const { id } = await buildMedia(t, { title, is_public: isPublic, is_featured: featured });
  await buildDerivatives(t, id, [
    { variant: 'thumb', width: 400, height: 267 },
    { variant: 'display', width: 1600, height: 1067 },
  ]);
  return id;
}

/** The embedded answers' text, as the page carries it. */
async function embedded(url: string, cookie: string | undefined) {
  const res = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const text = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(res.body)?.[1];
  if (text === undefined) throw new Error(`no embedded answers on ${url}: ${res.statusCode}`);
  return text;
}

/** The same, made from what the API sends this visitor for each path (a refused item: its status). */
async function fromTheApi(url: string, cookie: string | undefined, refused: Record<string, number> = {}) {
  const parts: string[] = [];
  for (const path of bootDataPaths(new URL(url, 'http://archive.invalid'), 'fo')) {
    const res = await t.app.inject({ url: path, headers: cookie ? { cookie } : {} });
    if (res.statusCode === 200) parts.push(`${JSON.stringify(path)}:${res.body}`);
  }
  for (const [path, status] of Object.entries(refused))
    parts.push(`${JSON.stringify(`refused ${path}`)}:${status}`);
  return `{${parts.join(',')}}`.replace(/</g, '\\u003c');
}

beforeAll(async () => {
  webDir = pageShellDir();
  t = await createTestApp({ webDir, config: { renderThreads: 0 } });
  const category = await buildCategory(t, { name: 'Havnir' });
  ids.category = category.id;
  ids.public = await item('Gøta havn <b>&</b> "bátar"', true, true);
  ids.second = await item('Kirkjan í Gøtu');
  ids.hidden = await item('Loynd mynd', false);
  ids.show = (await buildSlideshow(t, [ids.public, ids.second], { is_public: true })).id;
  ids.privateShow = (await buildSlideshow(t, [ids.hidden], { is_public: false })).id;
  await buildDocument(t, { category: 'mentanardagarnar', is_public: true });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

// A contributor is a self-registered account: role public.
describe.each(['anonymous', 'public', 'admin'] as const)('the page for %s', (role) => {
  let cookie: string | undefined;
  beforeAll(async () => {
    cookie = (await asRole(t, role)).cookie;
  });

  it.each([
    '/',
    '/?sort=title',
    '/?q=havn&view=list',
    () => `/?category=${ids.category}`,
    () => `/media/${ids.public}`,
    () => `/slideshow/${ids.show}`,
    '/about',
    '/map',
    '/map?period=1950s&q=havn&at=8/62.1/-6.9',
  ])('%s embeds the API’s answers byte for byte', async (path) => {
    const url = typeof path === 'function' ? path() : path;
    expect(await embedded(url, cookie)).toBe(await fromTheApi(url, cookie));
  });

  it('embeds a hidden item and a hidden slideshow only for the staff who may see them', async () => {
    const media = `/media/${ids.hidden}`;
    const show = `/slideshow/${ids.privateShow}`;
    const staff = role === 'admin';
    expect(await embedded(media, cookie)).toBe(
      await fromTheApi(media, cookie, staff ? {} : { [`/api/media/${ids.hidden}`]: 404 }),
    );
    expect(await embedded(show, cookie)).toBe(
      await fromTheApi(show, cookie, staff ? {} : { [`/api/slideshows/${ids.privateShow}`]: 404 }),
    );
    expect(await embedded(media, cookie)).toContain(staff ? 'Loynd mynd' : '"refused ');
  });

  it('reads the visitor’s session at most once to draw the home page', async () => {
    const getSession = vi.spyOn(t.ctx.auth.api, 'getSession');
    try {
      await embedded('/', cookie);
      // Once, or not at all when this instance confirmed it in the last seconds (http/session.ts).
      expect(getSession.mock.calls.length).toBeLessThanOrEqual(cookie ? 1 : 0);
    } finally {
      getSession.mockRestore();
    }
  });
});

describe('each path read once for every visitor', () => {
  it('answers a path the API refuses as the API does, every time, and a staff path to staff only', async () => {
    const answer = createBootAnswers(t.app, t.ctx as AppContext);
    const guest = { user: null, actor: null };
    const admin = await asRole(t, 'admin');
    const staff = { user: null, actor: { id: 'admin', role: 'admin' as const, isActive: true } };
    for (const path of ['/api/gallery?sort=nonsense', `/api/media/not-an-id`, `/api/media/${ids.hidden}`]) {
      const status = (await t.app.inject({ url: path })).statusCode;
      expect(status, path).toBeGreaterThanOrEqual(400);
      // Asked twice: the second time from what was read of it the first.
      expect((await answer(path, guest)).status, path).toBe(status);
      expect((await answer(path, guest)).status, path).toBe(status);
    }
    // The hidden item read for a guest first, then for staff: the permission is each visitor's own.
    const hidden = `/api/media/${ids.hidden}`;
    expect((await answer(hidden, staff)).status).toBe(
      (await t.app.inject({ url: hidden, headers: { cookie: admin.cookie } })).statusCode,
    );
    expect((await answer(hidden, staff)).status).toBe(200);
  });
});
