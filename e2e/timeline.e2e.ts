import { randomInt } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '#common/api/media.ts';
import {
  adminContext,
  baseUrl,
  expectNoAxeViolations,
  holdScripts,
  newVisitor,
  sharedBrowser,
  uploadMediaViaApi,
} from './support.ts';

/**
 * Issue 28 §2: a visitor narrows the gallery to the 1950s, then to 1952, from the home page's
 * timeline, by mouse and by keyboard, with the page's scripts held back as on a slow phone, and with
 * no JavaScript at all; the page is axe-clean and no request leaves the machine.
 */
const browser = sharedBrowser();
const HOLD_MS = 5_000;
const word = `tid${randomInt(1e6, 1e7)}`;

/** Title → the date as an archivist wrote it. */
const ITEMS: Record<string, string | null> = {
  [`Um 1950 ${word}`]: 'c. 1950',
  [`Árið 1952 ${word}`]: '1952',
  [`Fimmti árini ${word}`]: '1950s',
  [`Tíggjuskifti ${word}`]: '1948–1952',
  [`Sekstiárini ${word}`]: '1962',
  [`Ódaterað ${word}`]: null,
};
const IN_1950S = [`Um 1950 ${word}`, `Árið 1952 ${word}`, `Fimmti árini ${word}`];
const IN_1952 = [`Árið 1952 ${word}`];

let admin: BrowserContext;
const made: Record<string, MediaItem> = {};

beforeAll(async () => {
  admin = await adminContext(browser());
  for (const [title, date] of Object.entries(ITEMS)) {
    made[title] = await uploadMediaViaApi(admin, {
      title,
      fields: { isPublic: 'true', ...(date ? { originalDate: date } : {}) },
    });
  }
}, 120_000);
afterAll(() => admin?.close());

/** Fails the test on any request to another host than the archive's (the archive is offline by default). */
function refuseOtherHosts(context: BrowserContext): string[] {
  const own = new URL(baseUrl()).host;
  const foreign: string[] = [];
  void context.route(
    (url) => url.host !== own && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => {
      foreign.push(route.request().url());
      return route.abort();
    },
  );
  return foreign;
}

const results = (page: Page) => page.getByRole('list', { name: 'Úrslit' });

/** My items the results show, by title (other files' items may be there too). */
async function shown(page: Page): Promise<string[]> {
  const list = results(page);
  await list.waitFor();
  const names = await list.getByRole('link').evaluateAll((links) => links.map((a) => a.textContent ?? ''));
  return Object.keys(ITEMS)
    .filter((title) => names.some((name) => name.includes(title)))
    .sort();
}

const timeline = (page: Page) => page.getByRole('navigation', { name: 'Tíðarlinja' });
const decade = (page: Page, name: string) =>
  timeline(page).getByRole('link', { name: new RegExp(`^${name}-árini: \\d+ lutir$`) });
const year = (page: Page, name: string) =>
  timeline(page).getByRole('link', { name: new RegExp(`^${name}: \\d+ lutir$`) });

/** Presses Tab until `target` has the focus (a keyboard user's way there), then Enter. */
async function tabToAndEnter(page: Page, target: Locator) {
  const handle = await target.elementHandle();
  for (let i = 0; i < 120; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((el) => document.activeElement === el, handle)) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error('Tab never reached the link');
}

async function expectNarrowed(page: Page, period: string, titles: string[]) {
  await page.waitForURL((url) => url.searchParams.get('period') === period, { waitUntil: 'commit' });
  await expect.poll(() => shown(page), { timeout: 15_000 }).toEqual([...titles].sort());
  const current = timeline(page).locator('[aria-current="true"]');
  await expect
    .poll(() => current.getAttribute('aria-label'))
    .toMatch(new RegExp(`^${period.replace('s', '-árini')}:`));
}

describe('the timeline', () => {
  it('narrows the gallery to the 1950s, then 1952, by mouse; an item links to more from its decade', async () => {
    const context = await newVisitor(browser());
    const foreign = refuseOtherHosts(context);
    const page = await context.newPage();
    await page.goto('/');
    await decade(page, '1950').click();
    await expectNarrowed(page, '1950s', IN_1950S);
    // The years of the chosen decade are offered; an item across two decades and the undated nowhere.
    // (The decade's counts come by their own request: the previous ones stay until they arrive.)
    await expect.poll(() => year(page, '1950').count()).toBe(1);
    await year(page, '1952').click();
    await expectNarrowed(page, '1952', IN_1952);
    await expectNoAxeViolations(page);
    // Back to all years keeps the rest of the filters.
    await timeline(page).getByRole('link', { name: 'Øll ár' }).click();
    await page.waitForURL((url) => !url.searchParams.has('period'));

    await page.goto(`/media/${made[`Um 1950 ${word}`]!.id}`);
    await page.getByRole('link', { name: 'Meira frá 1950-árunum' }).click();
    await expectNarrowed(page, '1950s', IN_1950S);
    expect(foreign).toEqual([]);
    await context.close();
  }, 90_000);

  it('by keyboard, together with a search', async () => {
    const context = await newVisitor(browser());
    const foreign = refuseOtherHosts(context);
    const page = await context.newPage();
    await page.goto(`/?q=${encodeURIComponent(word)}`);
    await tabToAndEnter(page, decade(page, '1950'));
    await expectNarrowed(page, '1950s', IN_1950S);
    expect(new URL(page.url()).searchParams.get('q')).toBe(word);
    // Counted over the search's matches: three of mine in the 1950s.
    expect(await decade(page, '1950').getAttribute('aria-label')).toBe('1950-árini: 3 lutir');
    await tabToAndEnter(page, year(page, '1952'));
    await expectNarrowed(page, '1952', IN_1952);
    expect(new URL(page.url()).searchParams.get('q')).toBe(word);
    await expectNoAxeViolations(page);
    expect(foreign).toEqual([]);
    await context.close();
  }, 90_000);

  it('works before the scripts arrive, as on a slow phone', async () => {
    const context = await newVisitor(browser(), { waitForScripts: false });
    const foreign = refuseOtherHosts(context);
    const page = await context.newPage();
    const held = await holdScripts(page, HOLD_MS);
    await page.goto(`/?q=${encodeURIComponent(word)}`, { waitUntil: 'commit' });
    await decade(page, '1950').click();
    await expectNarrowed(page, '1950s', IN_1950S);
    expect(await held.inWindow()).toEqual({ live: false, held: true });
    await year(page, '1952').focus();
    await page.keyboard.press('Enter');
    await expectNarrowed(page, '1952', IN_1952);
    expect(await held.inWindow()).toEqual({ live: false, held: true });
    expect(foreign).toEqual([]);
    await context.close();
  }, 90_000);

  it('works without JavaScript', async () => {
    const context = await newVisitor(browser(), { javaScriptEnabled: false });
    const foreign = refuseOtherHosts(context);
    const page = await context.newPage();
    await page.goto('/');
    await decade(page, '1950').click();
    await expectNarrowed(page, '1950s', IN_1950S);
    await year(page, '1952').click();
    await expectNarrowed(page, '1952', IN_1952);
    // The search form keeps the period.
    const search = page.getByLabel('Leita', { exact: true });
    await search.fill(word);
    await search.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === word);
    expect(new URL(page.url()).searchParams.get('period')).toBe('1952');
    expect(await shown(page)).toEqual(IN_1952);
    expect(foreign).toEqual([]);
    await context.close();
  }, 90_000);
});
