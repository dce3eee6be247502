import { randomInt } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminContext,
  baseUrl,
  createSlideshowViaApi,
  newVisitor,
  registerViaApi,
  sharedBrowser,
  uploadMediaViaApi,
} from './support.ts';

/**
 * The public pages are drawn on the server and taken over by React in the browser (issue 14 part
 * 1): the browser's first render must be exactly the server's HTML, for a guest, a contributor and
 * a staff member alike. React reports a difference as a recoverable error, which web/main.tsx
 * logs to the console; any such line, or any uncaught error, fails the page.
 */
const browser = sharedBrowser();
const run = randomInt(1_000_000);
const TITLE = `Hydrering ${run}`;

let mediaId = '';
let slideshowId = '';
const contexts: Record<'guest' | 'guest reading English' | 'contributor' | 'staff', BrowserContext> =
  {} as never;

beforeAll(async () => {
  const admin = await adminContext(browser());
  const media = await uploadMediaViaApi(admin, {
    title: TITLE,
    fields: { photographer: 'Jákup á Dul', location: 'Norðragøta' },
  });
  mediaId = media.id;
  slideshowId = (
    await createSlideshowViaApi(admin, {
      title: `Sýning ${run}`,
      isPublic: true,
      slides: [{ mediaId, duration: 1, caption: 'Havnin' }],
    })
  ).id;
  contexts.staff = admin;
  contexts.guest = await newVisitor(browser());
  // The language is a cookie the server reads, so it draws the page in the visitor's language.
  contexts['guest reading English'] = await newVisitor(browser());
  await contexts['guest reading English'].addCookies([
    { name: 'archive_language', value: 'en', url: baseUrl() },
  ]);
  contexts.contributor = await newVisitor(browser());
  await registerViaApi(contexts.contributor, `Hydra ${run}`);
});

afterAll(async () => {
  await Promise.all(Object.values(contexts).map((context) => context.close()));
});

const HYDRATION_PROBLEM = /hydrat|did ?n[o']t match|minified react error #(418|419|421|422|423|425)/i;

/** Opens `path`, waits for the page and its lazy parts to be taken over, returns what went wrong. */
async function hydrationProblems(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (
      (message.type() === 'error' || message.type() === 'warning') &&
      HYDRATION_PROBLEM.test(message.text())
    )
      problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  // What the page's content security policy refused (the browser reports it even when the script
  // that tried catches the error, as zod's probe for `new Function` does).
  await page.addInitScript(() => {
    const refused: string[] = [];
    Object.assign(window, { cspRefused: refused });
    document.addEventListener('securitypolicyviolation', (event) =>
      refused.push(
        `${event.violatedDirective} (${event.blockedURI}) at ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  // Every Suspense boundary the server drew is hydrated once its chunk is in: no markers remain
  // unresolved, and React owns the root.
  await reactOwnsRoot(page);
  await page.waitForTimeout(300);
  const refused = await page.evaluate(() => (window as unknown as { cspRefused: string[] }).cspRefused);
  return [...problems, ...refused.map((what) => `refused by the CSP: ${what}`)];
}

/** Waits until React has taken the server's HTML over (it owns #root). */
async function reactOwnsRoot(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const root = document.getElementById('root');
        return Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
      }),
    )
    .toBe(true);
}

/** Holds every request for the item's pictures until the returned function is called. */
async function holdPicture(page: Page, id: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/files/media/${id}/**`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The blurred placeholder drawn behind a picture (web/components/media-image.tsx). */
const BLURRED = /^url\("data:image\/png;base64,/;
const blurOf = (page: Page, img: string) =>
  page.locator(img).evaluate((element: HTMLImageElement) => element.style.backgroundImage);

const PAGES = [
  { name: 'home', path: () => '/', text: () => TITLE },
  { name: 'media', path: () => `/media/${mediaId}`, text: () => 'Jákup á Dul' },
  { name: 'slideshow', path: () => `/slideshow/${slideshowId}`, text: () => 'Havnin' },
  { name: 'about', path: () => '/about', text: () => 'How it works' },
  { name: 'submit', path: () => '/submit', text: () => '' },
  { name: 'contributor login', path: () => '/contributor/login', text: () => '' },
  { name: 'contributor register', path: () => '/contributor/register', text: () => '' },
  { name: 'contributor dashboard', path: () => '/contributor/dashboard', text: () => '' },
  // Drawn as its not-found view by the server too (a 404), not as a spinner.
  {
    name: 'missing media',
    path: () => '/media/00000000-0000-4000-8000-000000000000',
    text: () => 'Media Not Found</h1>',
  },
];

describe.each(['guest', 'guest reading English', 'contributor', 'staff'] as const)('as a %s', (who) => {
  it.each(PAGES)(
    'the $name page is drawn by the server and hydrates without a mismatch or a refused script',
    async (spec) => {
      const context = contexts[who];
      // The HTML itself carries the page (not an empty shell for the script to fill).
      const res = await context.request.get(spec.path());
      const html = await res.text();
      expect(html).toMatch(/<div id="root" data-rendered-at="\d+">(<link [^>]*>)*<div/);
      if (spec.text()) expect(html).toContain(spec.text());
      expect(html).toContain(`<html lang="${who === 'guest reading English' ? 'en' : 'fo'}"`);

      const page = await context.newPage();
      try {
        expect(await hydrationProblems(page, spec.path())).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});

it('a picture still loading gets its blurred placeholder once the script runs, not before', async () => {
  // The server draws the average colour only; the blurred picture is worked out in the browser,
  // for pictures not yet loaded (web/components/media-image.tsx). This one is held back until the
  // page is taken over.
  const card = `a[data-item-id="${mediaId}"] img`;
  const html = await (await contexts.guest.request.get('/')).text();
  const drawn = new RegExp(`data-item-id="${mediaId}"[^]*?<img [^>]*style="([^"]*)"`).exec(html)?.[1];
  expect(drawn).toMatch(/^background-color:#[0-9a-f]{6}$/);

  const page = await contexts.guest.newPage();
  const release = await holdPicture(page, mediaId);
  try {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect.poll(() => blurOf(page, card)).toMatch(BLURRED);
    release();
    await expect.poll(() => page.locator(card).evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  } finally {
    release();
    await page.close();
  }
});

it('a picture far below the fold gets its blurred placeholder only when it is scrolled near', async () => {
  // The home page pushed 6,000 px down: the card is far outside the 1,250 px the blur waits for.
  const card = `a[data-item-id="${mediaId}"] img`;
  const page = await contexts.guest.newPage();
  await page.route(/\/$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      '</head>',
      '<style>#main-content{padding-top:6000px}</style></head>',
    );
    await route.fulfill({ response, body });
  });
  // The picture stays loading until the end: it is what the blur stands in for.
  const release = await holdPicture(page, mediaId);
  try {
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    // Taken over by React, then idle long enough for any blur already queued to be drawn.
    await reactOwnsRoot(page);
    await page.evaluate(
      () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500), { timeout: 2000 })),
    );
    expect(await blurOf(page, card)).toBe('');

    await page.locator(card).scrollIntoViewIfNeeded();
    await expect.poll(() => blurOf(page, card)).toMatch(BLURRED);
  } finally {
    release();
    await page.close();
  }
});
