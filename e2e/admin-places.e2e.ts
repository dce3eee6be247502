import { randomInt } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '#common/api/media.ts';
import type { Place } from '#common/api/places.ts';
import { adminContext, baseUrl, expectNoAxeViolations, sharedBrowser, uploadMediaViaApi } from './support.ts';

/**
 * Issue 28 §3: staff keep the list of places on a screen of their own (/admin/places, in the admin
 * menu): they search it without accents, add a place by keyboard (its point typed, or set by a click
 * on the small map), are told when the name is taken, edit it, and are told how many items have it
 * when they try to delete it; axe-clean, and no request leaves the machine.
 */
const browser = sharedBrowser();
const run = randomInt(1e6, 1e7);
const NAME = `Testbygd${run}`;

let admin: BrowserContext;
let item: MediaItem;

beforeAll(async () => {
  admin = await adminContext(browser());
  item = await uploadMediaViaApi(admin, { title: `Mynd úr ${NAME}` });
}, 120_000);
afterAll(() => admin?.close());

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
async function tabTo(page: Page, target: Locator, max = 80) {
  const handle = await target.elementHandle();
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((el) => document.activeElement === el, handle)) return;
  }
  throw new Error('Tab never reached it');
}

const table = (page: Page) => page.getByRole('table', { name: 'Støð' });
/** The Faroese names of the rows the table shows. */
const rowNames = (page: Page) =>
  table(page)
    .locator('tbody th[scope="row"]')
    .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ''));

async function search(page: Page, q: string) {
  const box = page.getByRole('searchbox', { name: 'Leita eftir støðum við føroyskum ella enskum navni' });
  await box.fill(q);
  await box.press('Enter');
  await page.waitForURL((url) => (url.searchParams.get('q') ?? '') === q);
}

async function placeNamed(name: string): Promise<Place | undefined> {
  const places = (await (await admin.request.get('/api/places')).json()).places as Place[];
  return places.find((p) => p.nameFo === name);
}

describe('the list of places', () => {
  it('staff find it in the admin menu and search it by either name without accents', async () => {
    const foreign = refuseOtherHosts(admin);
    const page = await admin.newPage();
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Høvuðsvalmynd' })
      .getByRole('button', { name: 'Admin' })
      .click();
    await page.getByRole('menuitem', { name: 'Støð', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/places');
    await page.getByRole('heading', { level: 1, name: 'Støð' }).waitFor();
    await expect.poll(() => rowNames(page).then((names) => names.length)).toBeGreaterThan(100);
    await expectNoAxeViolations(page);

    await search(page, 'torshavn');
    await expect.poll(() => rowNames(page)).toEqual(['Tórshavn']);
    await page.getByText(/^Vísir 1 av \d+ støðum$/).waitFor();
    // 'gota' is the two Gøtas, whatever the accents; 'gøtu' those starting with it first.
    await search(page, 'gota');
    await expect.poll(() => rowNames(page)).toEqual(['Norðragøta', 'Syðrugøta']);
    await search(page, 'GØTU');
    await expect.poll(() => rowNames(page)).toEqual(['Gøtueiði', 'Gøtugjógv']);
    await search(page, `zz${run}`);
    await page.getByText(`Einki stað samsvarar við "zz${run}".`).waitFor();
    expect(foreign).toEqual([]);
    await page.close();
  }, 120_000);

  it('staff add a place by keyboard, are told a taken name, edit its point on the map, and cannot delete it while an item has it', async () => {
    const foreign = refuseOtherHosts(admin);
    const page = await admin.newPage();
    await page.goto('/admin/places');
    await page.getByRole('heading', { level: 1, name: 'Støð' }).waitFor();

    // A taken name is refused on its field.
    await tabTo(page, page.getByRole('button', { name: 'Nýtt stað' }));
    await page.keyboard.press('Enter');
    let dialog = page.getByRole('dialog', { name: 'Nýtt stað' });
    await dialog.getByRole('textbox', { name: 'Føroyskt navn' }).waitFor();
    await tabTo(page, dialog.getByRole('textbox', { name: 'Føroyskt navn' }));
    await page.keyboard.type('tórshavn');
    await tabTo(page, dialog.getByRole('textbox', { name: 'Breidd' }));
    await page.keyboard.type('62,01');
    await tabTo(page, dialog.getByRole('textbox', { name: 'Longd' }));
    await page.keyboard.type('-6.77');
    await tabTo(page, dialog.getByRole('button', { name: 'Legg stað afturat' }), 120);
    await page.keyboard.press('Enter');
    await dialog.getByText('Eitt stað við hesum navni er longu til.').waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Føroyskt navn' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await expectNoAxeViolations(page);

    // Another name goes through; the English name left empty is the Faroese one.
    await dialog.getByRole('textbox', { name: 'Føroyskt navn' }).fill('');
    await dialog.getByRole('textbox', { name: 'Føroyskt navn' }).focus();
    await page.keyboard.type(NAME);
    await tabTo(page, dialog.getByRole('button', { name: 'Legg stað afturat' }), 120);
    await page.keyboard.press('Enter');
    await page.getByText('Staðið er lagt afturat').waitFor();
    await expect
      .poll(() => placeNamed(NAME))
      .toMatchObject({ nameEn: NAME, latitude: 62.01, longitude: -6.77 });
    await search(page, NAME.toLowerCase());
    await expect.poll(() => rowNames(page)).toEqual([NAME]);
    await table(page).getByRole('cell', { name: '62.0100, -6.7700' }).waitFor();
    await table(page).getByRole('cell', { name: 'Lagt afturat av starvsfólki' }).waitFor();

    // Edited: an English name, and the point moved by a click on the small map.
    await page.getByRole('button', { name: `Broyt ${NAME}` }).click();
    dialog = page.getByRole('dialog', { name: 'Broyt stað' });
    await dialog.getByRole('textbox', { name: 'Enskt navn' }).fill(`Test village ${run}`);
    const map = dialog.getByRole('region', { name: 'Kort til at seta punktið' });
    await map.getByRole('button', { name: '62.0100, -6.7700' }).waitFor();
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width / 2 + 40, y: box.height / 2 } });
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Longd' }).inputValue()).not.toBe('-6.77');
    const longitude = Number(await dialog.getByRole('textbox', { name: 'Longd' }).inputValue());
    expect(longitude).toBeGreaterThan(-6.77);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Goym stað' }).click();
    await page.getByText('Staðið er goymt').waitFor();
    await expect.poll(() => placeNamed(NAME)).toMatchObject({ nameEn: `Test village ${run}`, longitude });

    // An item has it: the refusal says how many.
    const place = (await placeNamed(NAME))!;
    const patched = await admin.request.patch(`/api/admin/media/${item.id}`, {
      data: { placeId: place.id },
      headers: { origin: baseUrl() },
    });
    expect(patched.status()).toBe(200);
    await page.getByRole('button', { name: `Strika ${NAME}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alert')
      .getByText(`${NAME} er stað hjá 1 luti: gev honum eitt annað stað, áðrenn tað verður strikað.`)
      .waitFor();
    expect(await placeNamed(NAME)).toBeDefined();
    await expectNoAxeViolations(page);

    // Once no item has it, it goes.
    await admin.request.patch(`/api/admin/media/${item.id}`, {
      data: { placeId: null, latitude: null, longitude: null },
      headers: { origin: baseUrl() },
    });
    await page.getByRole('button', { name: `Strika ${NAME}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`${NAME} er strikað`).waitFor();
    await expect.poll(() => rowNames(page)).toEqual([]);
    expect(await placeNamed(NAME)).toBeUndefined();
    expect(foreign).toEqual([]);
    await page.close();
  }, 180_000);
});
