import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');
export { E2E_ADMIN } from './global-setup.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
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

/** A fresh visitor: own cookies, own address (see TRUST_PROXY in global-setup). */
export function newVisitor(
  browser: Browser,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl(),
    viewport: options.viewport ?? { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
  });
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

/** Registers a contributor through the API, in the given context (so it is signed in there). */
export async function registerViaApi(context: BrowserContext, name: string) {
  const email = `${name.toLowerCase().replace(/[^a-z]/g, '')}-${randomInt(1e9)}@example.org`;
  const password = 'contributor-pw';
  const res = await context.request.post('/api/auth/sign-up/email', {
    data: { name, email, password },
    headers: { origin: baseUrl() },
  });
  expect(res.status()).toBe(200);
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
