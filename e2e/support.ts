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
import { E2E_ADMIN as E2E_ADMIN_ACCOUNT } from './global-setup.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/lib/local-chromium.ts';

export const baseUrl = () => inject('baseUrl');
export { E2E_ADMIN } from './global-setup.ts';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_FLAGS,
  });
}

/** One Chromium for the test file that calls this (at its top level); returns a getter. */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());
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
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: options.viewport ?? { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
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
    readOutbox(join(inject('dataDir'), 'outbox'))
      .filter((mail) => mail.includes(`To: ${to}`))
      .map((mail) => mail.match(pattern)?.[0])
      .find((link) => link !== undefined);
  // A loop, not expect.poll: set-ups (beforeAll) register contributors too.
  const deadline = Date.now() + 15_000;
  let link = find();
  while (!link && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    link = find();
  }
  if (!link) throw new Error(`no mail to ${to} with a link matching ${pattern}`);
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
    headers: { origin: baseUrl() },
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
    headers: { origin: baseUrl() },
  });
  expect(res.status(), await res.text()).toBe(200);
}

// ---- content for the journeys, made through the same API the back-office uses ----

/** A context signed in as the e2e admin (close it when done). */
export async function adminContext(browser: Browser): Promise<BrowserContext> {
  const context = await newVisitor(browser);
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
      headers: { origin: baseUrl() },
    }),
  );
  return waitUntilReady(context, media.id);
}

/** Polls an item until its derivatives are made (or failed). */
export async function waitUntilReady(context: BrowserContext, id: string): Promise<MediaItem> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const { media } = await (await context.request.get(`/api/media/${id}`)).json();
    if (media.processingStatus !== 'pending') return media;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`derivatives of ${id} were not made in 30 s`);
}

export async function createCategoryViaApi(
  context: BrowserContext,
  category: { name: string; description?: string; color?: string; icon?: string; isPublic?: boolean },
): Promise<Category> {
  return (
    await expectCreated(
      await context.request.post('/api/admin/categories', { data: category, headers: { origin: baseUrl() } }),
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
        headers: { origin: baseUrl() },
      }),
    )
  ).slideshow;
}

export async function putSettingsViaApi(context: BrowserContext, settings: Record<string, string>) {
  await expectCreated(
    await context.request.put('/api/admin/settings', { data: { settings }, headers: { origin: baseUrl() } }),
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
      headers: { origin: baseUrl() },
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
        headers: { origin: baseUrl() },
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
    headers: { origin: baseUrl() },
  });
  return (await expectCreated(res)).user;
}
