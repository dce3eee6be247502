import { randomInt } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
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
 * Issue 29 §2: people are searchable. A visitor types a public person's name into the gallery's
 * search (without its accents), finds the photo they are on although its title does not name them,
 * and goes on to the person's page, by keyboard; another does the same with the page's scripts held
 * back, as on a slow phone (the search form posts its words, the card and the names are links).
 * Axe-clean on each screen.
 */
const browser = sharedBrowser();
const token = `leit${randomInt(1e9)}`;
const TITLE = `Á kaiini í Gøtu, ${randomInt(1e9)}`;
const NAME = `Súsanna Helena Patursson ${token}`;
/** What a visitor types: no accents, lower case. */
const TYPED = `susanna helena patursson ${token}`;

let admin: BrowserContext;
let media: MediaItem;
let personId: string;

beforeAll(async () => {
  admin = await adminContext(browser());
  media = await uploadMediaViaApi(admin, { title: TITLE });
  const headers = { origin: baseUrl() };
  const res = await admin.request.post('/api/admin/people', {
    data: { name: NAME, born: '1866', died: '1916' },
    headers,
  });
  expect(res.status(), await res.text()).toBe(201);
  personId = (await res.json()).person.id;
  const boxed = await admin.request.post(`/api/admin/people/media/${media.id}/boxes`, {
    data: { x: 0.3, y: 0.2, w: 0.3, h: 0.4, personId },
    headers,
  });
  expect(boxed.status(), await boxed.text()).toBe(201);
}, 120_000);
afterAll(() => admin?.close());

const results = (page: Page) => page.getByRole('list', { name: 'Úrslit' });
const searchBox = (page: Page) => page.getByLabel('Leita', { exact: true });
/** The gallery's heading when nothing matches (gallery.empty.title). */
const EMPTY = 'No Results Found';

/** Long enough for a busy machine: every check inside it finds the scripts still held back. */
const HOLD_MS = 15_000;

async function onPersonPage(page: Page) {
  // On commit: the load event waits for the page's scripts, which may be held back.
  await page.waitForURL(`**/people/${personId}`, { waitUntil: 'commit' });
  await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
  expect(await page.textContent('body')).toContain('1866–1916');
  await page.getByRole('link', { name: new RegExp(TITLE) }).waitFor();
}

describe("a person's name in the gallery's search", () => {
  it('finds the photo they are on and leads to their page, by keyboard; axe-clean', async () => {
    const visitor = await newVisitor(browser());
    const page = await visitor.newPage();
    await page.goto('/');
    await searchBox(page).focus();
    await page.keyboard.type(TYPED);
    // The search is applied when the address has the words (the gallery shows every item until
    // then, the newest, this one, first).
    await page.waitForURL((url) => url.searchParams.get('q') === TYPED);
    const card = results(page).getByRole('link', { name: TITLE });
    await expect.poll(() => results(page).locator('[data-item-id]').count()).toBe(1);
    await card.waitFor();
    await expectNoAxeViolations(page);
    await card.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const show = dialog.getByRole('button', { name: 'Vís hvør er her' });
    await show.focus();
    await page.keyboard.press('Enter');
    const name = dialog.getByRole('link', { name: `1. ${NAME}` });
    await name.waitFor();
    await name.focus();
    await page.keyboard.press('Enter');
    await onPersonPage(page);
    await expectNoAxeViolations(page);
    await visitor.close();
  }, 90_000);

  it('works with the scripts held back: the search is sent as a form, the card and the name are links', async () => {
    const visitor = await newVisitor(browser(), { waitForScripts: false });
    const page = await visitor.newPage();
    const held = await holdScripts(page, HOLD_MS);
    await page.goto('/', { waitUntil: 'commit' });
    await searchBox(page).waitFor();
    await searchBox(page).fill(TYPED);
    await searchBox(page).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === TYPED, { waitUntil: 'commit' });
    const card = results(page).getByRole('link', { name: TITLE });
    await card.waitFor();
    expect(await held.inWindow()).toEqual({ live: false, held: true });
    await expectNoAxeViolations(page);
    await card.click();
    await page.waitForURL(`**/media/${media.id}`, { waitUntil: 'commit' });
    const name = page.getByRole('link', { name: NAME, exact: true });
    await name.waitFor();
    expect(await held.inWindow()).toEqual({ live: false, held: true });
    await name.click();
    await onPersonPage(page);
    expect(await held.inWindow()).toEqual({ live: false, held: true });
    await expectNoAxeViolations(page);
    await visitor.close();
  }, 90_000);

  it('finds nothing by the name once the person is made private', async () => {
    const res = await admin.request.patch(`/api/admin/people/${personId}`, {
      data: { isPrivate: true },
      headers: { origin: baseUrl() },
    });
    expect(res.status(), await res.text()).toBe(200);
    const visitor = await newVisitor(browser(), { javaScriptEnabled: false });
    const page = await visitor.newPage();
    await page.goto(`/?q=${encodeURIComponent(TYPED)}`);
    await page.getByRole('heading', { name: EMPTY }).waitFor();
    expect(await results(page).count()).toBe(0);
    expect(await page.content()).not.toContain(NAME);
    // The photo itself is still found by its title.
    await page.goto(`/?q=${encodeURIComponent(TITLE)}`);
    await results(page).getByRole('link', { name: TITLE }).waitFor();
    expect(await page.content()).not.toContain(NAME);
    await visitor.close();
  }, 60_000);
});
