import { randomInt } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '#common/api/media.ts';
import type { Place } from '#common/api/places.ts';
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
 * Issue 28 §3 and §5: staff give an item its place by keyboard on the media screen's edit form (the
 * list searched without accents: "nordragota" finds Norðragøta); a visitor opens the item, sees the
 * place and follows "more from this place" to the gallery narrowed to it, also with the page's
 * scripts held back as on a slow phone; axe-clean, and no request leaves the machine.
 */
const browser = sharedBrowser();
const HOLD_MS = 5_000;
const word = `stad${randomInt(1e6, 1e7)}`;
const TITLE = `Bygdin ${word}`;
const OTHER = `Aðrastaðni ${word}`;

let admin: BrowserContext;
let item: MediaItem;
let other: MediaItem;
let place: Place;

beforeAll(async () => {
  admin = await adminContext(browser());
  item = await uploadMediaViaApi(admin, { title: TITLE, fields: { isPublic: 'true' } });
  other = await uploadMediaViaApi(admin, { title: OTHER, fields: { isPublic: 'true' } });
  const places = (await (await admin.request.get('/api/places')).json()).places as Place[];
  place = places.find((p) => p.nameFo === 'Norðragøta')!;
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

/** Presses Tab until `target` has the focus, as a keyboard user gets there. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, max = 80) {
  const handle = await target.elementHandle();
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((el) => document.activeElement === el, handle)) return;
  }
  throw new Error('Tab never reached it');
}

/** My items the gallery's results show, by title. */
async function shown(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Úrslit' });
  await list.waitFor();
  const names = await list.getByRole('link').evaluateAll((links) => links.map((a) => a.textContent ?? ''));
  return [TITLE, OTHER].filter((title) => names.some((name) => name.includes(title)));
}

async function expectMoreFromPlace(page: Page) {
  await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('place') === place.id, {
    waitUntil: 'commit',
  });
  await expect.poll(() => shown(page), { timeout: 15_000 }).toEqual([TITLE]);
}

describe('places', () => {
  it('staff set the place of an item by keyboard: the list searched without accents, the point filled from the place', async () => {
    const foreign = refuseOtherHosts(admin);
    const page = await admin.newPage();
    await page.goto(`/admin/media?q=${encodeURIComponent(TITLE)}`);
    const edit = page.getByRole('button', { name: `Edit ${TITLE}` });
    await edit.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit Media' });
    const search = dialog.getByRole('combobox', { name: 'Finn eitt stað (føroyskt ella enskt navn)' });
    await tabTo(page, search);
    await page.keyboard.type('nordragota');
    const options = dialog.getByRole('listbox', { name: 'Støð' }).getByRole('option');
    await expect.poll(() => options.allTextContents()).toEqual(['Norðragøta']);
    await expectNoAxeViolations(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    // Enter chose the place and did not send the form.
    await dialog.getByText('Stað: Norðragøta').waitFor();
    expect(await dialog.getByLabel('Breidd').inputValue()).toBe(String(place.latitude));
    expect(await dialog.getByLabel('Longd').inputValue()).toBe(String(place.longitude));
    await expectNoAxeViolations(page);
    // The map beside the fields: a click sets the point there (the fields follow).
    const map = dialog.getByRole('region', { name: 'Kort til at seta punktið' });
    await map.getByRole('button', { name: '62.2000, -6.7400' }).waitFor();
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width / 2 + 40, y: box.height / 2 } });
    await expect.poll(() => dialog.getByLabel('Longd').inputValue()).not.toBe(String(place.longitude));
    const clicked = Number(await dialog.getByLabel('Longd').inputValue());
    expect(clicked).toBeGreaterThan(place.longitude);
    // Typed again by keyboard: the fields beside the map are the keyboard's way.
    await dialog.getByLabel('Breidd').fill(String(place.latitude));
    await dialog.getByLabel('Longd').fill(String(place.longitude));
    await tabTo(page, dialog.getByRole('button', { name: 'Save Changes' }), 120);
    await page.keyboard.press('Enter');
    await page.getByText('Media updated successfully!').waitFor();

    const saved = (await (await admin.request.get(`/api/media/${item.id}`)).json()).media as MediaItem;
    expect(saved).toMatchObject({ placeId: place.id, latitude: place.latitude, longitude: place.longitude });
    expect(foreign).toEqual([]);
    await page.close();
  }, 120_000);

  it('a visitor sees the place on the media page and follows "more from this place" to the gallery narrowed to it', async () => {
    await setPlace();
    const context = await newVisitor(browser());
    const foreign = refuseOtherHosts(context);
    const page = await context.newPage();
    await page.goto(`/media/${item.id}`);
    await page
      .getByRole('definition')
      .filter({ hasText: /^Norðragøta$/ })
      .waitFor();
    // The small map, on the basemap our own server serves, with the item's marker.
    const map = page.getByRole('region', { name: 'Kort: Norðragøta' });
    await map.waitFor();
    await map.getByRole('button', { name: 'Norðragøta' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Meira frá Norðragøta' }).click();
    await expectMoreFromPlace(page);
    await page.getByText('Stað: Norðragøta').waitFor();
    await expectNoAxeViolations(page);
    // The place goes, the gallery shows everything again.
    await page.getByRole('button', { name: 'Tak staðin burtur' }).click();
    await page.waitForURL((url) => !url.searchParams.has('place'));
    expect(foreign).toEqual([]);
    await context.close();
  }, 90_000);

  it('"more from this place" works before the scripts arrive, as on a slow phone', async () => {
    await setPlace();
    const context = await newVisitor(browser(), { waitForScripts: false });
    const foreign = refuseOtherHosts(context);
    const page = await context.newPage();
    const held = await holdScripts(page, HOLD_MS);
    await page.goto(`/media/${item.id}`, { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Meira frá Norðragøta' }).click();
    await expectMoreFromPlace(page);
    expect(await held.inWindow()).toEqual({ live: false, held: true });
    expect(foreign).toEqual([]);
    await context.close();
  }, 90_000);
});

/** The place as the first journey leaves it, for a test run on its own. */
async function setPlace() {
  const res = await admin.request.patch(`/api/admin/media/${item.id}`, {
    data: { placeId: place.id },
    headers: { origin: baseUrl() },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect(other.id).not.toBe(item.id);
}
