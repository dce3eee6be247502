import { randomInt } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '#common/api/media.ts';
import type { PublicBox, StaffSuggestion } from '#common/api/people.ts';
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
 * Issue 29 §2: people on photos. Staff mark a person on an image by keyboard; a visitor opens the
 * lightbox, shows who is here and goes to the person's page; another, with the page's scripts held
 * back as on a slow phone, names an unnamed box, which staff accept. Axe-clean on every screen.
 */
const browser = sharedBrowser();
const token = `folk${randomInt(1e9)}`;
const TITLE = `${token} Brúdleyp í Kirkjubø`;
const NAME = `Jóannes Patursson ${token}`;

let admin: BrowserContext;
let media: MediaItem;
let personId: string;

const origin = () => ({ origin: baseUrl() });

beforeAll(async () => {
  admin = await adminContext(browser());
  media = await uploadMediaViaApi(admin, { title: TITLE });
  const res = await admin.request.post('/api/admin/people', {
    data: { name: NAME, born: '1873', died: '1946' },
    headers: origin(),
  });
  expect(res.status(), await res.text()).toBe(201);
  personId = (await res.json()).person.id;
}, 120_000);
afterAll(() => admin?.close());

const body = (page: Page) => page.textContent('body');
const publicBoxes = async (): Promise<PublicBox[]> =>
  (await (await admin.request.get(`/api/people/media/${media.id}`)).json()).boxes;

describe('people on photos', () => {
  it('staff mark a person on the image by keyboard, from the list; axe-clean', async () => {
    const page = await admin.newPage();
    await page.goto(`/admin/people?media=${media.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Merk ein persón' }).waitFor();
    await dialog.getByRole('button', { name: 'Merk ein persón' }).focus();
    await page.keyboard.press('Enter');
    // The drawing surface: N makes a box, the arrows move it, Shift and the arrows size it.
    const surface = dialog.getByRole('application', { name: 'Tekna ein kassa um persónin' });
    await surface.focus();
    await page.keyboard.press('n');
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(() => dialog.getByRole('status').last().textContent()).toContain('30 % frá vinstru');
    await dialog.getByLabel('Leita í listanum').focus();
    await page.keyboard.type(token);
    const who = dialog.getByLabel('Hvør er hetta?');
    await expect.poll(() => who.locator('option', { hasText: NAME }).count()).toBe(1);
    await who.focus();
    await who.selectOption({ label: `${NAME} (1873–1946)` });
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Goym kassan' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => body(page)).toContain('Kassin er goymdur.');
    await expect.poll(() => dialog.getByRole('listitem').first().textContent()).toContain(NAME);

    const [box] = await publicBoxes();
    expect(box?.person).toEqual({ id: personId, name: NAME });
    expect(box?.x).toBeCloseTo(0.3, 5);
    expect(box?.w).toBeCloseTo(0.25, 5);
    await page.close();
  }, 90_000);

  it('a visitor opens the lightbox, shows who is here and opens the person page, by keyboard; axe-clean', async () => {
    const visitor = await newVisitor(browser());
    const page = await visitor.newPage();
    await page.goto(`/?q=${token}`);
    await page.getByRole('link', { name: TITLE }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const show = dialog.getByRole('button', { name: 'Vís hvør er her' });
    await show.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => show.getAttribute('aria-pressed')).toBe('true');
    const name = dialog.getByRole('link', { name: `1. ${NAME}` });
    await name.waitFor();
    await expect.poll(() => dialog.getByRole('status').allTextContents()).toContain('1 merkt á myndini.');
    await expectNoAxeViolations(page);
    await name.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/people/${personId}`);
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    expect(await body(page)).toContain('1873–1946');
    await page.getByRole('link', { name: new RegExp(TITLE) }).waitFor();
    await expectNoAxeViolations(page);
    await visitor.close();
  }, 90_000);

  it('the person page is drawn by the server, and a private person has none', async () => {
    const visitor = await newVisitor(browser(), { javaScriptEnabled: false });
    const page = await visitor.newPage();
    const res = await page.goto(`/people/${personId}`);
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
    const hidden = await admin.request.post('/api/admin/people', {
      data: { name: `Loyndur ${token}`, isPrivate: true },
      headers: origin(),
    });
    const secret = (await hidden.json()).person.id;
    await admin.request.post(`/api/admin/people/media/${media.id}/boxes`, {
      data: { x: 0.05, y: 0.05, w: 0.1, h: 0.1, personId: secret },
      headers: origin(),
    });
    const refused = await page.goto(`/people/${secret}`);
    expect(refused?.status()).toBe(404);
    expect(await body(page)).not.toContain(`Loyndur ${token}`);
    const item = await page.goto(`/media/${media.id}`);
    expect(item?.status()).toBe(200);
    expect(await page.content()).not.toContain(`Loyndur ${token}`);
    await visitor.close();
  }, 60_000);

  it('with the scripts held back, a visitor names an unnamed box; staff accept it and the name is on the photo', async () => {
    const made = await admin.request.post(`/api/admin/people/media/${media.id}/boxes`, {
      data: { x: 0.6, y: 0.2, w: 0.2, h: 0.3 },
      headers: origin(),
    });
    expect(made.status()).toBe(201);
    const boxId = (await made.json()).box.id as string;
    const index = (await publicBoxes()).findIndex((b) => b.id === boxId) + 1;

    const visitor = await newVisitor(browser(), { waitForScripts: false });
    const page = await visitor.newPage();
    const held = await holdScripts(page);
    await page.goto(`/media/${media.id}`, { waitUntil: 'commit' });
    const which = page.getByLabel('Hvør kassi?');
    await which.waitFor();
    await which.selectOption({ label: `${index}. Ókendur persónur` });
    await page.getByLabel('Navn', { exact: true }).fill(`Mikkjal á Ryggi ${token}`);
    await page.getByLabel('Hvussu veitst tú tað? (valfrítt)').fill('Abbi mín');
    expect(await held.inWindow()).toEqual({ live: false, held: true });
    await page.getByRole('button', { name: 'Send navnið' }).click();
    await expect
      .poll(() => body(page), { timeout: 30_000 })
      .toContain('Takk fyri! Starvsfólk savnsins hyggja eftir navninum');
    await expectNoAxeViolations(page);
    await visitor.close();

    const staffPage = await admin.newPage();
    await staffPage.goto('/admin/people/suggestions');
    const article = staffPage.getByRole('article').filter({ hasText: `Mikkjal á Ryggi ${token}` });
    await expect.poll(() => article.count(), { timeout: 15_000 }).toBe(1);
    expect(await article.textContent()).toContain('Abbi mín');
    await expectNoAxeViolations(staffPage);
    await article.getByRole('button', { name: 'Góðtak' }).click();
    await expect.poll(() => body(staffPage)).toContain('Navnið er komið á myndina.');
    await staffPage.close();

    const named = (await publicBoxes()).find((b) => b.id === boxId);
    expect(named?.person?.name).toBe(`Mikkjal á Ryggi ${token}`);
    const suggestions = (
      await (await admin.request.get('/api/admin/people/suggestions?status=accepted')).json()
    ).items as StaffSuggestion[];
    expect(suggestions.some((s) => s.name === `Mikkjal á Ryggi ${token}`)).toBe(true);
  }, 120_000);
});
