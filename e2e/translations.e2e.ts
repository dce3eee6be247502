import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
import { adminContext, baseUrl, expectNoAxeViolations, newVisitor, sharedBrowser } from './support.ts';

const browser = sharedBrowser();

const submitFo = DEFAULT_TEXTS['nav.submit']!.fo;
const submitEn = DEFAULT_TEXTS['nav.submit']!.en!;
const aboutEn = DEFAULT_TEXTS['nav.about']!.en!;

const header = (page: Page) => page.getByRole('banner');
const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

describe('the language switch', () => {
  it('turns the header from Faroese to English in place, and keeps the choice across a reload', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/');
    const nav = header(page).getByRole('navigation').first();
    await nav.getByRole('link', { name: submitFo, exact: true }).waitFor();
    expect(await htmlLang(page)).toBe('fo');
    const group = nav.getByRole('group', { name: 'Mál' });
    await expect
      .poll(() => group.getByRole('button', { name: 'Føroyskt' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expect
      .poll(() => group.getByRole('button', { name: 'English' }).getAttribute('aria-pressed'))
      .toBe('false');
    await expectNoAxeViolations(page);

    // No reload: a marker set on this window survives the switch.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await group.getByRole('button', { name: 'English' }).click();
    await nav.getByRole('link', { name: submitEn, exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: aboutEn, exact: true }).count()).toBe(1);
    expect(await nav.getByRole('link', { name: submitFo, exact: true }).count()).toBe(0);
    expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
    expect(await htmlLang(page)).toBe('en');
    const englishGroup = nav.getByRole('group', { name: DEFAULT_TEXTS['language.label']!.en! });
    await expect
      .poll(() => englishGroup.getByRole('button', { name: 'English' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expectNoAxeViolations(page);

    await page.reload();
    await nav.getByRole('link', { name: submitEn, exact: true }).waitFor();
    expect(await htmlLang(page)).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('archive_language'))).toBe('en');

    // A new tab of the same browser opens in English too; switching back returns the Faroese.
    const second = await context.newPage();
    await second.goto('/about');
    await header(second).getByRole('link', { name: submitEn, exact: true }).first().waitFor();
    await header(second).getByRole('button', { name: 'Føroyskt' }).first().click();
    await header(second).getByRole('link', { name: submitFo, exact: true }).first().waitFor();
    expect(await htmlLang(second)).toBe('fo');
    await context.close();
  });

  it('is in the mobile menu too', async () => {
    const context = await newVisitor(browser(), { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: DEFAULT_TEXTS['nav.menu']!.fo }).click();
    const menu = page.locator('#mobile-menu');
    await menu.getByRole('button', { name: 'English' }).click();
    await menu.getByRole('link', { name: submitEn, exact: true }).waitFor();
    await expectNoAxeViolations(page);
    await context.close();
  });
});

describe("an admin's edit of a text", () => {
  it('shows to a visitor on the next load, with no rebuild', async () => {
    const admin = await adminContext(browser());
    const list = await admin.request.get('/api/admin/translations?q=nav.submit');
    expect(list.status()).toBe(200);
    const row = (await list.json()).items.find((r: { key: string }) => r.key === 'nav.submit');
    expect(row).toBeDefined();

    const visitor = await newVisitor(browser());
    const page = await visitor.newPage();
    await page.goto('/');
    const nav = header(page).getByRole('navigation').first();
    await nav.getByRole('link', { name: row.faroeseText, exact: true }).waitFor();

    const edited = `Send okkum tilfar ${randomInt(1e6)}`;
    try {
      const patch = await admin.request.patch(`/api/admin/translations/${row.id}`, {
        data: { faroeseText: edited },
        headers: { origin: baseUrl() },
      });
      expect(patch.status(), await patch.text()).toBe(200);

      await page.reload();
      await nav.getByRole('link', { name: edited, exact: true }).waitFor();
      // The English visitor keeps the English text: only the Faroese was edited.
      await nav.getByRole('button', { name: 'English' }).click();
      await nav.getByRole('link', { name: row.englishText ?? edited, exact: true }).waitFor();

      // A visitor cannot edit.
      const denied = await visitor.request.patch(`/api/admin/translations/${row.id}`, {
        data: { faroeseText: 'Nei' },
        headers: { origin: baseUrl() },
      });
      expect(denied.status()).toBe(401);
    } finally {
      // The archive is shared by the later e2e files: put the text back.
      const restore = await admin.request.patch(`/api/admin/translations/${row.id}`, {
        data: { faroeseText: row.faroeseText },
        headers: { origin: baseUrl() },
      });
      expect(restore.status()).toBe(200);
      await visitor.close();
      await admin.close();
    }
  });
});
