import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIResponse, type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Category } from '#common/api/categories.ts';
import type { DocumentItem } from '#common/api/documents.ts';
import type { MediaItem } from '#common/api/media.ts';
import { readOutbox } from '#server/mail/read-outbox.ts';
import { ghostscriptPdf } from '#server/test/fixtures.ts';
import { pollUntil } from '#server/test/poll.ts';
import { E2E_ADMIN as E2E_ADMIN_ACCOUNT } from './archive.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/lib/local-chromium.ts';

/** This worker's archive (global-setup.ts starts one per worker). */
function ownArchive() {
  const archives = inject('archives');
  return archives[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % archives.length]!;
}
export const baseUrl = () => ownArchive().baseUrl;
/** This worker's archive's DATA_DIR (its outbox, for one). */
export const dataDir = () => ownArchive().dataDir;
export { E2E_ADMIN } from './archive.ts';

/** The archive each context was opened on: its requests carry that archive's Origin. */
const origins = new WeakMap<BrowserContext, string>();
const originOf = (context: BrowserContext) => origins.get(context) ?? baseUrl();

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
}

/** The worker's Chromium: its test files follow one another in one process (vitest.config.ts). */
let workerBrowser: Promise<Browser> | undefined;

/**
 * Chromium for the test file that calls this (at its top level); returns a getter. One Chromium
 * serves the files of a worker one after the other (launching one per file cost a second or two
 * each), and each file's visitors are contexts of their own, with their own cookies, storage and
 * cache: what a file leaves open is closed when it ends, so no file sees another's.
 */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    const running = await workerBrowser?.catch(() => undefined);
    if (!running?.isConnected()) workerBrowser = launchBrowser();
    browser = await workerBrowser;
  });
  afterAll(async () => {
    await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
  });
  return () => browser!;
}

/**
 * A fresh visitor: own cookies, own address, sent as one proxy would (TRUST_PROXY=1 in
 * global-setup). `waitForScripts: false` is the visitor who does not wait for the page's script
 * (e2e/first-moment-auth.e2e.ts); `javaScriptEnabled: false`, one who has none.
 */
export async function newVisitor(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    waitForScripts?: boolean;
    javaScriptEnabled?: boolean;
    /** Another archive than the worker's (one a file started for itself, archive.ts). */
    baseUrl?: string;
  } = {},
): Promise<BrowserContext> {
  const origin = options.baseUrl ?? baseUrl();
  const context = await browser.newContext({
    baseURL: origin,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  origins.set(context, origin);
  if (options.waitForScripts !== false && options.javaScriptEnabled !== false) waitForPagesToBeLive(context);
  return context;
}

/**
 * The public pages arrive drawn by the server and come alive when their script has taken them
 * over (web/app/root-layout.tsx marks `<html data-page-ready>`): a click before that does nothing.
 * Every page of the context waits for it after `goto` and `reload`, as a visitor waits for a page
 * to finish loading.
 */
function waitForPagesToBeLive(context: BrowserContext) {
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    const live = () => page.waitForFunction(() => document.documentElement.dataset.pageReady !== undefined);
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await live();
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await live();
      return response;
    };
    return page;
  };
}

/** Fails the test with the rule ids and the elements for every axe violation on the page. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe on ${page.url()}`).toEqual([]);
}

/**
 * The first link matching `pattern` in a mail the archive sent to `to` (the job queue sends it
 * moments after the answer that queued it, so this waits for it), as a path on the test server.
 */
export async function mailedLink(to: string, pattern: RegExp): Promise<string> {
  const find = () =>
    readOutbox(join(dataDir(), 'outbox'))
      .filter((mail) => mail.includes(`To: ${to}`))
      .map((mail) => mail.match(pattern)?.[0])
      .find((link) => link !== undefined);
  // Not expect.poll: set-ups (beforeAll) register contributors too.
  const link = await pollUntil(`a mail to ${to} with a link matching ${pattern}`, find, {
    timeoutMs: 30_000,
  });
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The link of the confirmation mail a registration sends (server/auth/auth-mails.ts). */
export const CONFIRMATION_LINK = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/;

/**
 * Registers a contributor through the API and follows the link of the confirmation mail in the
 * given context, as its owner would, so it is signed in there.
 */
export async function registerViaApi(context: BrowserContext, name: string) {
  const email = `${name.toLowerCase().replace(/[^a-z]/g, '')}-${randomInt(1e9)}@example.org`;
  const password = 'contributor-pw';
  const res = await context.request.post('/api/auth/sign-up/email', {
    data: { name, email, password },
    headers: { origin: originOf(context) },
  });
  expect(res.status()).toBe(200);
  const confirmed = await context.request.get(await mailedLink(email, CONFIRMATION_LINK));
  expect(new URL(confirmed.url()).pathname).toBe('/contributor/dashboard');
  const me = await (await context.request.get('/api/me')).json();
  return { ...me.user, password } as { id: string; email: string; password: string; role: string };
}

export async function signInViaApi(context: BrowserContext, email: string, password: string) {
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin: originOf(context) },
  });
  expect(res.status(), await res.text()).toBe(200);
}

// ---- content for the journeys, made through the same API the back-office uses ----

/** A context signed in as the e2e admin (close it when done). */
export async function adminContext(
  browser: Browser,
  options: { baseUrl?: string } = {},
): Promise<BrowserContext> {
  const context = await newVisitor(browser, options);
  await signInViaApi(context, E2E_ADMIN_ACCOUNT.email, E2E_ADMIN_ACCOUNT.password);
  return context;
}

let pictureCounter = 0;
/** A small PNG of its own colour, so every call makes a different file. */
export async function uniquePng(width = 120, height = 90): Promise<Buffer> {
  pictureCounter += 1;
  const n = pictureCounter * 7919 + randomInt(1_000_000);
  return sharp({
    create: { width, height, channels: 3, background: { r: n % 256, g: (n >> 8) % 256, b: (n >> 16) % 256 } },
  })
    .png()
    .toBuffer();
}

async function expectCreated(res: APIResponse) {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/**
 * Uploads one item as the signed-in staff `context` and waits until its derivatives are made.
 * `file` is a path (fixtures) or defaults to a fresh PNG; `fields` are the upload form's fields.
 */
export async function uploadMediaViaApi(
  context: BrowserContext,
  options: { title: string; file?: string; fields?: Record<string, string> },
): Promise<MediaItem> {
  const file = options.file
    ? {
        name: basename(options.file),
        mimeType: 'application/octet-stream',
        buffer: await readFile(options.file),
      }
    : { name: 'mynd.png', mimeType: 'image/png', buffer: await uniquePng() };
  const { media } = await expectCreated(
    await context.request.post('/api/admin/media', {
      multipart: { title: options.title, ...options.fields, file },
      headers: { origin: originOf(context) },
    }),
  );
  return waitUntilReady(context, media.id);
}

/** Polls an item until its derivatives are made (or failed). */
export function waitUntilReady(context: BrowserContext, id: string): Promise<MediaItem> {
  return pollUntil(
    `the derivatives of ${id} are made`,
    async () => {
      const { media } = (await (await context.request.get(`/api/media/${id}`)).json()) as {
        media: MediaItem;
      };
      return media.processingStatus !== 'pending' && media;
    },
    // A video's poster and an audio's waveform take ffmpeg a while when the cores are busy; the
    // set-up hooks (120 s) hear of it first from here, by name.
    { timeoutMs: 100_000, everyMs: 100 },
  );
}

/** Polls a sound or video until its playable copy (issue 27 §5) is made; its job runs after the poster's. */
export function waitForPlayableCopy(context: BrowserContext, id: string): Promise<MediaItem> {
  return pollUntil(
    `the playable copy of ${id} is made`,
    async () => {
      const { media } = (await (await context.request.get(`/api/media/${id}`)).json()) as {
        media: MediaItem;
      };
      return media.files.playable !== null && media;
    },
    { timeoutMs: 100_000, everyMs: 200 },
  );
}

export async function createCategoryViaApi(
  context: BrowserContext,
  category: { name: string; description?: string; color?: string; icon?: string; isPublic?: boolean },
): Promise<Category> {
  return (
    await expectCreated(
      await context.request.post('/api/admin/categories', {
        data: category,
        headers: { origin: originOf(context) },
      }),
    )
  ).category;
}

export async function createSlideshowViaApi(
  context: BrowserContext,
  slideshow: {
    title: string;
    description?: string;
    isPublic?: boolean;
    isFeatured?: boolean;
    slides: { mediaId: string; duration?: number; caption?: string }[];
  },
): Promise<{ id: string; displayId: string; title: string }> {
  return (
    await expectCreated(
      await context.request.post('/api/admin/slideshows', {
        data: slideshow,
        headers: { origin: originOf(context) },
      }),
    )
  ).slideshow;
}

export async function putSettingsViaApi(context: BrowserContext, settings: Record<string, string>) {
  await expectCreated(
    await context.request.put('/api/admin/settings', {
      data: { settings },
      headers: { origin: originOf(context) },
    }),
  );
}

/** Uploads a document (a PDF from Debian's ghostscript-doc unless `file` is given). */
export async function uploadDocumentViaApi(
  context: BrowserContext,
  options: { title: string; category?: string; isPublic?: boolean; file?: string },
): Promise<DocumentItem> {
  const path = options.file ?? (await ghostscriptPdf());
  const { document } = await expectCreated(
    await context.request.post('/api/admin/documents', {
      multipart: {
        title: options.title,
        category: options.category ?? 'mentanardagarnar',
        isPublic: String(options.isPublic ?? true),
        file: { name: basename(path), mimeType: 'application/pdf', buffer: await readFile(path) },
      },
      headers: { origin: originOf(context) },
    }),
  );
  return document;
}

/** Adds a text to the translations table (an action the activity log records). */
export async function createTranslationViaApi(
  context: BrowserContext,
  translation: { key: string; faroeseText: string; englishText?: string },
): Promise<{ id: string; key: string }> {
  return (
    await expectCreated(
      await context.request.post('/api/admin/translations', {
        data: translation,
        headers: { origin: originOf(context) },
      }),
    )
  ).translation;
}

/**
 * A staff account of `role` made by the admin `context` through the back-office's user API
 * (admin-back-office.md §7 'admin-users'); null while the server has no such API.
 */
export async function createStaffViaApi(
  context: BrowserContext,
  user: { email: string; password: string; role: 'admin' | 'editor' | 'viewer'; fullName?: string },
): Promise<{ id: string }> {
  const res = await context.request.post('/api/admin/users', {
    data: user,
    headers: { origin: originOf(context) },
  });
  return (await expectCreated(res)).user;
}

/**
 * As on a slow phone (DESIGN.md §4.9): every script the page asks for arrives only `holdMs` after
 * the page itself was asked for (each page loaded in the tab opens a window of its own). `inWindow()` says whether the scripts are still
 * held back and none has run: the page is not live (web/app/root-layout.tsx).
 */
export async function holdScripts(page: Page, holdMs = 5_000) {
  // From the moment the page's HTML arrives (the server may be slow to answer on a busy machine).
  let until = Number.POSITIVE_INFINITY;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      until = Number.POSITIVE_INFINITY;
  });
  page.on('response', (response) => {
    const request = response.request();
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) until = Date.now() + holdMs;
  });
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      const wait = until - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await route.continue();
    },
  );
  return {
    /** Still inside the window: the scripts are held back and none has run. */
    async inWindow() {
      const live = await page.evaluate(() => document.documentElement.dataset.pageReady !== undefined);
      return { live, held: Date.now() < until };
    },
    live: () => page.waitForFunction(() => document.documentElement.dataset.pageReady !== undefined),
  };
}
