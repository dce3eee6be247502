import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '#common/api/media.ts';
import { setItemPoints } from '#server/test/item-points.ts';
import { type Archive, startArchive } from './archive.ts';
import {
  adminContext,
  expectNoAxeViolations,
  holdScripts,
  newVisitor,
  sharedBrowser,
  uploadMediaViaApi,
} from './support.ts';

/**
 * Issue 28 §4: a visitor narrows the gallery to the 1950s from the timeline, then to one village on
 * the map, by mouse and by keyboard (the list beside the map), and opens an item; with the page's
 * scripts held back; axe-clean; and no request leaves the machine (the basemap is the archive's own).
 * The items get their points in the archive's database while it is stopped (staff set them on the
 * item's page once places are in), so this file starts an archive of its own.
 */
const browser = sharedBrowser();
const HOLD_MS = 5_000;

const TORSHAVN = { latitude: 62.0107, longitude: -6.7741 };
/** Title → date as written, and where. */
const ITEMS: Record<string, [string, { latitude: number; longitude: number }]> = {
  'Havnin 1952': ['1952', TORSHAVN],
  'Havnin 1955': ['1955', { latitude: TORSHAVN.latitude + 0.004, longitude: TORSHAVN.longitude + 0.006 }],
  'Havnin 1975': ['1975', TORSHAVN],
  'Klaksvík 1953': ['1953', { latitude: 62.2266, longitude: -6.589 }],
  'Vágur um 1950': ['c. 1950', { latitude: 61.4733, longitude: -6.8106 }],
};
const IN_TORSHAVN_1950S = ['Havnin 1952', 'Havnin 1955'];

let archive: Archive;
let dataDir: string;
const made: Record<string, MediaItem> = {};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'archive-e2e-map-'));
  const first = await startArchive({ dataDir });
  const admin = await adminContext(browser(), { baseUrl: first.baseUrl });
  for (const [title, [date]] of Object.entries(ITEMS)) {
    made[title] = await uploadMediaViaApi(admin, { title, fields: { isPublic: 'true', originalDate: date } });
  }
  await admin.close();
  await first.stop();
  await setItemPoints(
    dataDir,
    Object.fromEntries(Object.entries(ITEMS).map(([title, [, point]]) => [made[title]!.id, point])),
  );
  archive = await startArchive({ dataDir });
}, 400_000);
afterAll(async () => {
  await archive?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A visitor of this file's archive; any request to another host fails the test. */
async function visitor(options: { waitForScripts?: boolean; javaScriptEnabled?: boolean } = {}) {
  const context = await newVisitor(browser(), { baseUrl: archive.baseUrl, ...options });
  const own = new URL(archive.baseUrl).host;
  const foreign: string[] = [];
  await context.route(
    (url) => url.host !== own && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => {
      foreign.push(route.request().url());
      return route.abort();
    },
  );
  return { context, foreign };
}

const timeline = (page: Page) => page.getByRole('navigation', { name: 'Tíðarlinja' });
const decade = (page: Page, name: string) =>
  timeline(page).getByRole('link', { name: new RegExp(`^${name}-árini: \\d+ lutir$`) });
const inView = (page: Page) => page.getByRole('region', { name: 'Á kortinum' });

/** The titles the list beside the map names. */
async function listed(page: Page): Promise<string[]> {
  const names = await inView(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.textContent?.trim() ?? ''));
  return names.sort();
}

async function expectInView(page: Page, count: number) {
  await expect
    .poll(
      () =>
        inView(page)
          .getByText(/lutir á kortinum$/)
          .textContent(),
      { timeout: 20_000 },
    )
    .toBe(`${count} lutir á kortinum`);
}

/** The map's zoom as the URL says it (`at=zoom/lat/lon`, written after each move). */
const zoomOf = (page: Page) => Number(new URL(page.url()).searchParams.get('at')?.split('/')[0] ?? 0);

/** The zooms the page has had clusters for. */
function answeredZooms(page: Page): Set<string> {
  const zooms = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname === '/api/map/clusters') zooms.add(url.searchParams.get('zoom') ?? '');
  });
  return zooms;
}

/** After `act` (a cluster chosen), waits for the map to zoom in and the list to show the new view. */
async function zoomsIn(page: Page, zooms: Set<string>, act: () => Promise<void>) {
  const before = zoomOf(page);
  await act();
  await expect.poll(() => zoomOf(page), { timeout: 10_000 }).toBeGreaterThan(before);
  await expect.poll(() => zooms.has(String(zoomOf(page))), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => inView(page).getAttribute('aria-busy'), { timeout: 10_000 }).toBe('false');
}

/** Presses Tab until `target` has the focus, then Enter. */
async function tabToAndEnter(page: Page, target: Locator) {
  const handle = await target.elementHandle();
  for (let i = 0; i < 150; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((el) => document.activeElement === el, handle)) {
      await page.keyboard.press('Enter');
      return;
    }
  }
  throw new Error('Tab never reached it');
}

describe('the map', () => {
  it('narrows the gallery to the 1950s from the timeline, then to Tórshavn on the map, by mouse', async () => {
    const { context, foreign } = await visitor();
    const page = await context.newPage();
    const zooms = answeredZooms(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Vís á kortinum' }).waitFor();
    // The visitor clicks 'Vís á kortinum' the moment the address says the 1950s: right after the
    // decade's link changes it, before the page has drawn the narrowed gallery (the router draws
    // a navigation in a transition, and the link then still carries the old filters). The map must
    // open with the 1950s all the same.
    await page.evaluate(() => {
      const nav = (window as unknown as { navigation: EventTarget }).navigation;
      nav.addEventListener(
        'currententrychange',
        () =>
          queueMicrotask(() =>
            [...document.querySelectorAll('a')]
              .find((a) => a.textContent?.trim() === 'Vís á kortinum')
              ?.click(),
          ),
        { once: true },
      );
    });
    await decade(page, '1950').click();
    await page.waitForURL((url) => url.pathname === '/map');
    expect(new URL(page.url()).searchParams.get('period')).toBe('1950s');
    await expect
      .poll(() => page.locator('.leaflet-marker-icon').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expectInView(page, 4);
    await expectNoAxeViolations(page);
    // The two in Tórshavn are one cluster: clicking it zooms in until they stand apart.
    const cluster = page.getByRole('button', { name: '2 lutir her – forstørra', exact: true });
    for (let i = 0; i < 6 && (await cluster.count()) > 0; i += 1) {
      await zoomsIn(page, zooms, () => cluster.click());
    }
    await expect.poll(() => listed(page), { timeout: 20_000 }).toEqual(IN_TORSHAVN_1950S);
    await expectInView(page, 2);
    await expectNoAxeViolations(page);
    // A marker opens the item's page.
    await page.getByRole('button', { name: 'Havnin 1955', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/media/${made['Havnin 1955']!.id}`);
    expect(foreign).toEqual([]);
    await context.close();
  }, 120_000);

  it('by keyboard: the list beside the map zooms in and opens an item; the map pans with the arrows', async () => {
    const { context, foreign } = await visitor();
    const page = await context.newPage();
    const zooms = answeredZooms(page);
    await page.goto('/map?period=1950s');
    await expectInView(page, 4);
    const group = inView(page).getByRole('button', { name: /^2 lutir nær / });
    for (let i = 0; i < 6 && (await group.count()) > 0; i += 1) {
      await zoomsIn(page, zooms, () => tabToAndEnter(page, group));
    }
    await expect.poll(() => listed(page), { timeout: 20_000 }).toEqual(IN_TORSHAVN_1950S);
    // The map itself: focused by Tab, the arrows move it (the view is in the URL).
    const map = page.getByRole('region', { name: 'Kort yvir lutirnar í savninum' });
    const before = new URL(page.url()).searchParams.get('at');
    await map.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => new URL(page.url()).searchParams.get('at'), { timeout: 10_000 }).not.toBe(before);
    await tabToAndEnter(page, inView(page).getByRole('link', { name: 'Havnin 1952' }));
    await page.waitForURL((url) => url.pathname === `/media/${made['Havnin 1952']!.id}`);
    expect(foreign).toEqual([]);
    await context.close();
  }, 120_000);

  it('works from the moment the page is on screen, before its scripts, as on a slow phone', async () => {
    const { context, foreign } = await visitor({ waitForScripts: false });
    const page = await context.newPage();
    const held = await holdScripts(page, HOLD_MS);
    await page.goto('/map', { waitUntil: 'commit' });
    // The server draws the page: its heading, filters and timeline, links that work without script.
    await decade(page, '1950').click();
    await page.waitForURL((url) => url.searchParams.get('period') === '1950s', { waitUntil: 'commit' });
    expect(await held.inWindow()).toEqual({ live: false, held: true });
    await expect(page.getByRole('heading', { level: 1, name: 'Kort' }).count()).resolves.toBe(1);
    await held.live();
    await expectInView(page, 4);
    expect(foreign).toEqual([]);
    await context.close();
  }, 120_000);

  it('without JavaScript: says the map needs it and lists the located items the filters select, each a link', async () => {
    const { context, foreign } = await visitor({ javaScriptEnabled: false });
    const page = await context.newPage();
    const located = page.getByRole('region', { name: 'Lutir við staði' });
    const titles = () =>
      located
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
    await page.goto('/map');
    await page.getByRole('heading', { level: 1, name: 'Kort' }).waitFor();
    await page.getByText(/^Kortið krevur JavaScript\. Tín kagi koyrir tað ikki/).waitFor();
    // Every located item, by title, each a link to its page.
    expect(await titles()).toEqual(
      Object.keys(ITEMS)
        .sort()
        .map((title) => [title, `/media/${made[title]!.id}`]),
    );
    // What cannot work without script is not shown: the map's box and the list of what is in view.
    expect(await inView(page).count()).toBe(0);
    expect(await page.getByText('Kortið verður lisið inn…').isVisible()).toBe(false);
    // The timeline's links and the filter form narrow the list, drawn by the server.
    await decade(page, '1950').click();
    await page.waitForURL((url) => url.searchParams.get('period') === '1950s');
    expect((await titles()).map(([title]) => title)).toEqual([
      'Havnin 1952',
      'Havnin 1955',
      'Klaksvík 1953',
      'Vágur um 1950',
    ]);
    await page.getByLabel('Leita', { exact: true }).fill('havnin');
    await page.getByLabel('Leita', { exact: true }).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'havnin');
    expect(new URL(page.url()).searchParams.get('period')).toBe('1950s');
    expect((await titles()).map(([title]) => title)).toEqual(IN_TORSHAVN_1950S);
    await located.getByRole('link', { name: 'Havnin 1955' }).click();
    await page.waitForURL((url) => url.pathname === `/media/${made['Havnin 1955']!.id}`);
    await page.getByRole('heading', { level: 1, name: 'Havnin 1955' }).waitFor();
    expect(foreign).toEqual([]);
    await context.close();
  }, 120_000);
});
