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
  // Not 'networkidle' (half a second of silence after every page): everyPartTakenOver waits for
  // exactly what matters, each lazy part's chunk come and hydrated.
  await page.goto(path);
  await everyPartTakenOver(page);
  const refused = await page.evaluate(() => (window as unknown as { cspRefused: string[] }).cspRefused);
  return [...problems, ...refused.map((what) => `refused by the CSP: ${what}`)];
}

/**
 * Waits until React has taken over every element the server drew in #root: each Suspense boundary
 * is hydrated once its chunk is in (its elements then carry React's fiber), or drawn anew after a
 * mismatch, which React reports when it commits that boundary, in the same task. Then one frame
 * and one task more, for the report to reach the console.
 */
async function everyPartTakenOver(page: Page) {
  await reactOwnsRoot(page);
  await page.waitForFunction(() => {
    const owned = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    const fiberOf = (element: Element) =>
      (element as unknown as Record<string, { memoizedProps?: Record<string, unknown> }>)[
        Object.keys(element).find((key) => key.startsWith('__reactFiber$'))!
      ];
    const walk = (element: Element): boolean => {
      if (element.matches('link, script, style, template')) return true;
      if (!owned(element)) return false;
      // HTML React was handed whole (dangerouslySetInnerHTML) has no fibers inside.
      if (fiberOf(element)?.memoizedProps?.dangerouslySetInnerHTML) return true;
      return Array.from(element.children).every(walk);
    };
    const root = document.getElementById('root');
    return root !== null && Array.from(root.children).every(walk);
  });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
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

it('a page whose HTML differs from what the browser draws is caught (the check above can fail)', async () => {
  // The server's /about with one of its texts altered: the browser's first render differs there.
  const page = await contexts.guest.newPage();
  await page.route(/\/about$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('How it works', 'How it worked');
    expect(body).toContain('How it worked');
    await route.fulfill({ response, body });
  });
  try {
    expect(await hydrationProblems(page, '/about')).not.toEqual([]);
  } finally {
    await page.close();
  }
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
  // The blurs are drawn in idle callbacks (web/components/media-image.tsx): the page counts those
  // still to run, so the test knows when every blur the page had queued has been drawn.
  await page.addInitScript(() => {
    const waiting = new Set<number>();
    const request = window.requestIdleCallback.bind(window);
    const cancel = window.cancelIdleCallback.bind(window);
    window.requestIdleCallback = (callback, options) => {
      const id = request((deadline) => {
        waiting.delete(id);
        callback(deadline);
      }, options);
      waiting.add(id);
      return id;
    };
    window.cancelIdleCallback = (id) => {
      waiting.delete(id);
      cancel(id);
    };
    Object.assign(window, { idleCallbacksWaiting: () => waiting.size });
  });
  try {
    // Live (the page's data-page-ready, support.ts): the card's effect has asked to be told when
    // the picture comes near the viewport.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    // An observer of the test's own, with the page's margin, made after the page's: the browser
    // tells the page's first, so by the time the test's hears, the page's has queued its blur if it
    // was going to, and the page is done once no idle callback is left.
    await page.locator(card).evaluate(
      (img) =>
        new Promise<void>((resolve) => {
          const observer = new IntersectionObserver(
            () => {
              observer.disconnect();
              resolve();
            },
            { rootMargin: '1250px' },
          );
          observer.observe(img);
        }),
    );
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { idleCallbacksWaiting(): number }).idleCallbacksWaiting()),
      )
      .toBe(0);
    expect(await blurOf(page, card)).toBe('');

    await page.locator(card).scrollIntoViewIfNeeded();
    await expect.poll(() => blurOf(page, card)).toMatch(BLURRED);
  } finally {
    release();
    await page.close();
  }
});
