import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentItem } from '#common/api/documents.ts';
import {
  adminContext,
  createSlideshowViaApi,
  E2E_ADMIN,
  expectNoAxeViolations,
  newVisitor,
  putSettingsViaApi,
  registerViaApi,
  sharedBrowser,
  signInViaApi,
  uploadDocumentViaApi,
  uploadMediaViaApi,
} from './support.ts';

const browser = sharedBrowser();
const run = randomInt(1_000_000);
const PHONE = { width: 390, height: 844 };

let admin: BrowserContext;
let doc: DocumentItem;
let showId = '';
/** The settings as they were, put back at the end so later files see the archive unchanged. */
let settingsBefore: Record<string, string> = {};

beforeAll(async () => {
  admin = await adminContext(browser());
  settingsBefore = (await (await admin.request.get('/api/settings/public')).json()).settings;
  doc = await uploadDocumentViaApi(admin, { title: `Skráin ${run}`, category: 'mentanardagarnar' });
  const item = await uploadMediaViaApi(admin, { title: `Sýningarmynd ${run}` });
  showId = (
    await createSlideshowViaApi(admin, {
      title: `Nýggjasta sýningin ${run}`,
      isPublic: true,
      slides: [{ mediaId: item.id, duration: 5 }],
    })
  ).id;
}, 120_000);

afterAll(async () => {
  const keys = [
    'document_button_text',
    'slideshow_enabled',
    'custom_card_enabled',
    'custom_card_show_in_header',
    'custom_card_file_url',
    'custom_card_button_text',
  ];
  await putSettingsViaApi(admin, Object.fromEntries(keys.map((k) => [k, settingsBefore[k] ?? ''])));
  await admin.close();
});

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Høvuðsvalmynd' });
const mobileNav = (page: Page) => page.getByRole('navigation', { name: 'Valmynd á fartelefon' });
const latestDownloads = async (context: BrowserContext) =>
  (await (await context.request.get('/api/documents/latest')).json()).document.downloadCount as number;

describe('the header', () => {
  it('offers the newest document under the set button text, downloads it and counts the download', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    expect((await (await context.request.get('/api/documents/latest')).json()).document.id).toBe(doc.id);
    await page.goto('/');
    const expected = settingsBefore.document_button_text;
    expect(expected).toBeTruthy();
    await mainNav(page).getByRole('link', { name: expected, exact: true }).waitFor();

    // The admin sets another text, and the header uses it.
    const text = `Skrá ${run}`;
    await putSettingsViaApi(admin, { document_button_text: text });
    await page.reload();
    const button = mainNav(page).getByRole('link', { name: text, exact: true });
    await button.waitFor();

    const before = await latestDownloads(context);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(doc.fileName);
    const saved = await download.path();
    expect((await readFile(saved)).length).toBe(doc.fileSize);
    await expect.poll(() => latestDownloads(context)).toBe(before + 1);
    // One click, one count: nothing more arrives once the download is done.
    await page.goto('/about');
    expect(await latestDownloads(context)).toBe(before + 1);
    await context.close();
  });

  it('puts the custom card’s compact download button in the header when it is set to show there', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await putSettingsViaApi(admin, {
      custom_card_enabled: 'true',
      custom_card_show_in_header: 'true',
      custom_card_file_url: doc.url,
      custom_card_button_text: `Heinta ${run}`,
    });
    await page.goto('/');
    const button = mainNav(page).getByRole('button', { name: new RegExp(`^Heinta ${run}`) });
    await button.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe(doc.fileName);

    await putSettingsViaApi(admin, { custom_card_show_in_header: 'false' });
    await page.reload();
    await mainNav(page).getByRole('link', { name: 'Um okkum' }).waitFor();
    expect(
      await mainNav(page)
        .getByRole('button', { name: new RegExp(`^Heinta ${run}`) })
        .count(),
    ).toBe(0);
    await context.close();
  });

  it('links to the newest public slideshow on a desktop, not on a phone, and not when slideshows are off', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/');
    const link = mainNav(page).getByRole('link', { name: 'Myndasýning' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/slideshow/${showId}`);
    await link.click();
    await page.waitForURL((url) => url.pathname === `/slideshow/${showId}`);
    await page.getByRole('heading', { level: 1, name: `Nýggjasta sýningin ${run}` }).waitFor();

    await putSettingsViaApi(admin, { slideshow_enabled: 'false' });
    await page.goto('/');
    // The document button needs the settings too: once it is there, the settings have been read.
    await mainNav(page).locator(`a[title="${doc.title}"]`).waitFor();
    expect(await page.getByRole('link', { name: 'Myndasýning' }).count()).toBe(0);
    await putSettingsViaApi(admin, { slideshow_enabled: 'true' });
    await context.close();

    const phone = await newVisitor(browser(), { viewport: PHONE });
    const small = await phone.newPage();
    await small.goto('/');
    await small.getByRole('button', { name: 'Valmynd' }).waitFor();
    // Let the header's data arrive (the menu shows it) before saying the bar lacks the link.
    await small.getByRole('button', { name: 'Valmynd' }).click();
    await mobileNav(small).getByRole('link', { name: 'Myndasýning' }).waitFor();
    await small.getByRole('button', { name: 'Valmynd' }).click();
    expect(await small.getByRole('link', { name: 'Myndasýning' }).count()).toBe(0);
    expect(await mainNav(small).isVisible()).toBe(false);
    await phone.close();
  });
});

describe('the mobile menu', () => {
  it('holds everything the bar has, works by keyboard and passes axe when open', async () => {
    await putSettingsViaApi(admin, { document_button_text: settingsBefore.document_button_text ?? '' });
    const context = await newVisitor(browser(), { viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Valmynd' });
    await toggle.focus();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');

    const menu = mobileNav(page);
    await menu.getByRole('link', { name: 'Myndasýning' }).waitFor();
    const expected = [
      settingsBefore.document_button_text,
      'Myndasýning',
      'Um okkum',
      'Send tilfar',
      'Innrita sum íkastari',
      'Admin',
    ];
    const entries = (await menu.locator('a, button').allInnerTexts()).map((e) => e.trim());
    // In this order (other entries, such as a language switch, may sit between them).
    expect(entries.filter((e) => expected.includes(e))).toEqual(expected);
    expect(await menu.getByRole('link', { name: 'Myndasýning' }).getAttribute('href')).toBe(
      `/slideshow/${showId}`,
    );
    expect(await menu.getByRole('link', { name: 'Innrita sum íkastari' }).getAttribute('href')).toBe(
      '/contributor/login',
    );
    expect(await menu.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/login');
    await expectNoAxeViolations(page);

    // Tab walks from the button into the menu; Escape closes it and gives focus back.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(
      settingsBefore.document_button_text,
    );
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Myndasýning');
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Valmynd');

    // Open again with Space, go to 'Um okkum' with Enter: the page changes and the menu closes.
    await page.keyboard.press('Space');
    await menu.getByRole('link', { name: 'Um okkum' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/about');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('gives a contributor the dashboard link, badge and sign-out', async () => {
    const context = await newVisitor(browser(), { viewport: PHONE });
    const user = await registerViaApi(context, 'Menu Contributor');
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Valmynd' }).click();
    const menu = mobileNav(page);
    await menu.getByRole('link', { name: 'Mítt yvirlit' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Mítt yvirlit' }).getAttribute('href')).toBe(
      '/contributor/dashboard',
    );
    const text = await menu.textContent();
    expect(text).toContain('Menu Contributor');
    expect(text).toContain('Íkastari');
    expect(text).not.toContain('Innrita sum íkastari');
    expect(await menu.getByRole('link', { name: 'Media management' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    await menu.getByRole('button', { name: 'Rita út' }).click();
    await mobileNav(page).getByRole('link', { name: 'Innrita sum íkastari' }).waitFor();
    expect(user.role).toBe('public');
    await context.close();
  });

  it('gives the admin the admin section, and the bar the admin dropdown', async () => {
    const context = await newVisitor(browser(), { viewport: PHONE });
    await signInViaApi(context, E2E_ADMIN.email, E2E_ADMIN.password);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Valmynd' }).click();
    const menu = mobileNav(page);
    await menu.getByRole('link', { name: 'Media management' }).waitFor();
    for (const name of ['Dashboard', 'Submissions review', 'Users', 'Site settings']) {
      expect(await menu.getByRole('link', { name, exact: true }).count()).toBe(1);
    }
    expect(await menu.getByRole('link', { name: 'Mítt yvirlit' }).count()).toBe(0);
    expect(await menu.getByRole('button', { name: 'Rita út' }).count()).toBe(1);
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 1280, height: 900 });
    await mainNav(page).getByRole('button', { name: 'Admin' }).click();
    await page.getByRole('menuitem', { name: 'Media management' }).waitFor();
    await context.close();
  });
});
