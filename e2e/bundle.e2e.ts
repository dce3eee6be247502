import { randomInt } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminContext,
  createSlideshowViaApi,
  newVisitor,
  sharedBrowser,
  uploadMediaViaApi,
} from './support.ts';

/**
 * The public bundle: what an anonymous visitor's browser fetches on the public pages. Admin
 * screens are lazy chunks (web/features/<f>/routes/admin-*.tsx → assets/admin-*-<hash>.js) that no
 * public page may load, and the JS of the home page stays within 120 kB gzip (1 kB = 1000 bytes,
 * as vite prints sizes; gzip level 9).
 */
const browser = sharedBrowser();
const ROOT = resolve(import.meta.dirname, '..');
const WEB_DIR = resolve(ROOT, process.env.WEB_DIR ?? 'dist');
const HOME_JS_LIMIT = 120_000;
const run = randomInt(1_000_000);

/** The admin screens in the sources, by module name (admin-media-page, …). */
const ADMIN_SCREENS = readdirSync(join(ROOT, 'web', 'features')).flatMap((feature) => {
  try {
    return readdirSync(join(ROOT, 'web', 'features', feature, 'routes'))
      .filter((name) => /^admin-.*\.tsx$/.test(name))
      .map((name) => name.replace(/\.tsx$/, ''));
  } catch {
    return [];
  }
});
const ASSETS = readdirSync(join(WEB_DIR, 'assets'));
/** The built chunk file of each admin screen. */
const ADMIN_CHUNKS = new Set(
  ADMIN_SCREENS.flatMap((screen) =>
    ASSETS.filter((file) => new RegExp(`^${screen}-[\\w-]{6,}\\.js$`).test(file)),
  ),
);

interface Fetched {
  file: string;
  gzip: number;
}

/** Loads `path` as a new anonymous visitor and returns every script it fetched. */
async function scriptsFetchedBy(path: string, ready: string | RegExp): Promise<Fetched[]> {
  const context = await newVisitor(browser());
  try {
    const page = await context.newPage();
    const responses: Promise<Fetched>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      responses.push(
        response.body().then((body) => ({
          file: new URL(response.url()).pathname.split('/').pop()!,
          gzip: gzipSync(body, { level: 9 }).length,
        })),
      );
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    // The page itself rendered (not an error screen): its main heading is there.
    await expect.poll(() => page.getByRole('heading', { level: 1, name: ready }).count()).toBeGreaterThan(0);
    return await Promise.all(responses);
  } finally {
    await context.close();
  }
}

let mediaId = '';
let slideshowId = '';
const IMAGE_TITLE = `Pakki ${run}`;
const SHOW_TITLE = `Pakkasýning ${run}`;

beforeAll(async () => {
  const admin = await adminContext(browser());
  try {
    mediaId = (await uploadMediaViaApi(admin, { title: IMAGE_TITLE })).id;
    slideshowId = (
      await createSlideshowViaApi(admin, {
        title: SHOW_TITLE,
        isPublic: true,
        slides: [{ mediaId, duration: 5 }],
      })
    ).id;
  } finally {
    await admin.close();
  }
});

describe('public bundle', () => {
  it('has a separate chunk for every admin screen in the build under test', () => {
    expect(ADMIN_SCREENS.length).toBeGreaterThanOrEqual(5);
    const missing = ADMIN_SCREENS.filter(
      (screen) => ![...ADMIN_CHUNKS].some((f) => f.startsWith(`${screen}-`)),
    );
    expect(missing, `admin screens without a lazy chunk of their own in ${WEB_DIR}/assets`).toEqual([]);
  });

  const pages: [string, () => string, () => string | RegExp][] = [
    ['/', () => '/', () => /./],
    ['/about', () => '/about', () => /./],
    ['/map', () => '/map', () => 'Kort'],
    ['/media/{id}', () => `/media/${mediaId}`, () => IMAGE_TITLE],
    ['/slideshow/{id}', () => `/slideshow/${slideshowId}`, () => SHOW_TITLE],
  ];
  for (const [label, path, ready] of pages) {
    it(`${label} loads no admin chunk`, async () => {
      const scripts = await scriptsFetchedBy(path(), ready());
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.map((s) => s.file).filter((file) => ADMIN_CHUNKS.has(file))).toEqual([]);
    });
  }

  it('/ loads no Leaflet: the map’s chunk and style sheet come with the first map drawn', async () => {
    const leaflet = ASSETS.filter((file) => /^leaflet-map-[\w-]{6,}\.(js|css)$/.test(file));
    expect(leaflet.length, `the map's own chunk in ${WEB_DIR}/assets`).toBeGreaterThan(0);
    const home = await scriptsFetchedBy('/', /./);
    expect(home.map((s) => s.file).filter((file) => leaflet.includes(file))).toEqual([]);
    const map = await scriptsFetchedBy('/map', 'Kort');
    expect(map.map((s) => s.file).filter((file) => leaflet.includes(file)).length).toBeGreaterThan(0);
  });

  it("/ fetches the app's chunk its page names once, beside React's, and takes the page over", async () => {
    const context = await newVisitor(browser());
    try {
      const page = await context.newPage();
      const fetched: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/assets/'))
          fetched.push(new URL(request.url()).pathname);
      });
      await page.goto('/', { waitUntil: 'networkidle' });
      const app = await page.locator('meta[name="app-module"]').getAttribute('content');
      expect(app).toMatch(/^\/assets\/main-[\w-]+\.js$/);
      // Preloaded while React's chunk loads, then imported: one request, not two.
      expect(fetched.filter((path) => path === app)).toHaveLength(1);
      expect(fetched.some((path) => /\/framework-[\w-]+\.js$/.test(path))).toBe(true);
      // The app ran: the page is React's (a hydrated page marks its root).
      await expect
        .poll(() =>
          page.evaluate(() =>
            Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')),
          ),
        )
        .toBe(true);
    } finally {
      await context.close();
    }
  });

  it(`/ fetches at most ${HOME_JS_LIMIT / 1000} kB of JavaScript (gzip)`, async () => {
    const scripts = await scriptsFetchedBy('/', /./);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    const list = scripts
      .sort((a, b) => b.gzip - a.gzip)
      .map((s) => `${(s.gzip / 1000).toFixed(1)} kB ${s.file}`)
      .join(', ');
    expect(total, `JS fetched by / (gzip): ${(total / 1000).toFixed(1)} kB: ${list}`).toBeLessThanOrEqual(
      HOME_JS_LIMIT,
    );
  });
});
