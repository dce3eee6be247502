import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
import {
  adminContext,
  baseUrl,
  createStaffViaApi,
  expectNoAxeViolations,
  newVisitor,
  sharedBrowser,
  signInViaApi,
} from './support.ts';

const browser = sharedBrowser();
const run = randomInt(1_000_000);
/** A text the public footer shows: edited here, put back at the end. */
const PUBLIC_KEY = 'footer.project_credit';

const rows = (page: Page) => page.locator('table tbody tr');
const showing = (page: Page) => page.getByText(/^Showing \d+ of \d+ translations$/).textContent();

async function search(page: Page, q: string) {
  const box = page.getByLabel('Search key, Faroese or English text');
  await box.fill(q);
  await box.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === q);
}

async function translationId(context: BrowserContext, key: string): Promise<string> {
  const res = await context.request.get(`/api/admin/translations?q=${encodeURIComponent(key)}`);
  const item = (await res.json()).items.find((i: { key: string }) => i.key === key);
  return item.id;
}

async function download(page: Page, button: string) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: file.suggestedFilename(), body: JSON.parse(await readFile((await file.path())!, 'utf8')) };
}

describe('translations', () => {
  it('lets an admin filter, edit inline (seen on the public site), add, delete and export', async () => {
    const admin = await adminContext(browser());
    const edited = `Ment av savnsfólkinum ${run}`;
    try {
      const page = await admin.newPage();
      await page.goto('/admin/translations');
      await page.getByRole('heading', { level: 1, name: 'Translations' }).waitFor();
      for (const tile of ['Total', 'Complete', 'Incomplete', 'Needs review', 'Missing English'])
        await page.getByTestId('translation-stats').getByText(tile, { exact: true }).waitFor();
      await expect
        .poll(() => page.getByTestId('translation-progress').textContent())
        .toMatch(/^\d+ of \d+ complete \(\d+%\)$/);
      const progress = await page
        .getByRole('progressbar', { name: 'Translation progress' })
        .getAttribute('aria-valuenow');
      expect(Number(progress)).toBeGreaterThanOrEqual(0);
      await rows(page).first().waitFor();
      await expectNoAxeViolations(page);

      // Add: key and Faroese text required.
      const key = `e2e.run${run}.added`;
      await page.getByRole('button', { name: 'Add Translation' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Translation' });
      await dialog.getByLabel('Key').fill(key);
      await dialog.getByLabel('Faroese text').fill(`Roynd ${run}`);
      await dialog.getByLabel('Component').fill(`e2e${run}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Translation created successfully!').waitFor();
      await dialog.waitFor({ state: 'detached' });

      // Filters: search, missing English, component, status; Clear Filters.
      await search(page, `e2e.run${run}`);
      await expect.poll(() => showing(page)).toBe('Showing 1 of 1 translations');
      await page.getByLabel('English text', { exact: true }).selectOption('true');
      await expect.poll(() => showing(page)).toBe('Showing 1 of 1 translations');
      await page.getByLabel('Component', { exact: true }).selectOption(`e2e${run}`);
      await expect.poll(() => showing(page)).toBe('Showing 1 of 1 translations');
      await page.getByLabel('Status', { exact: true }).selectOption('complete');
      await page.getByRole('heading', { name: 'No Translations Found' }).waitFor();
      await page.getByLabel('Status', { exact: true }).selectOption('incomplete');
      await expect.poll(() => showing(page)).toBe('Showing 1 of 1 translations');
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await page.waitForURL((url) => url.search === '');
      // The screen redraws from the URL just after it changes (a transition), emptying the search
      // box; typing before that redraw would be wiped out.
      await expect.poll(() => page.getByLabel('Search key, Faroese or English text').inputValue()).toBe('');

      // Inline edit of a text the public site shows.
      await search(page, PUBLIC_KEY);
      await page.getByRole('button', { name: `Edit ${PUBLIC_KEY}` }).click();
      const faroese = page.getByLabel(`Faroese text for ${PUBLIC_KEY}`);
      // Escape (or Cancel) leaves the row as it was.
      await faroese.fill('Ikki goymt');
      await faroese.press('Escape');
      await faroese.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: `Edit ${PUBLIC_KEY}` }).click();
      await expect.poll(() => faroese.inputValue()).toBe(DEFAULT_TEXTS[PUBLIC_KEY]!.fo);
      await faroese.fill('');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Faroese text is required').waitFor();
      await faroese.fill(edited);
      await page.getByLabel(`Status of ${PUBLIC_KEY}`).selectOption('needs_review');
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Translation updated successfully!').waitFor();
      await rows(page).filter({ hasText: edited }).getByText('Needs review').waitFor();

      const visitor = await newVisitor(browser());
      const home = await visitor.newPage();
      await home.goto('/');
      await home.reload();
      await home.getByRole('contentinfo').getByText(edited).waitFor();
      await visitor.close();

      // Export: key → Faroese text, and the one with English.
      const plain = await download(page, 'Export JSON');
      expect(plain.name).toBe('translations.json');
      expect(plain.body[PUBLIC_KEY]).toBe(edited);
      expect(plain.body[key]).toBe(`Roynd ${run}`);
      const withEnglish = await download(page, 'Export with English');
      expect(withEnglish.name).toBe('translations-with-english.json');
      expect(withEnglish.body[key]).toEqual({ faroese: `Roynd ${run}`, english: null });

      // Delete, after confirming.
      await search(page, key);
      await page.getByRole('button', { name: `Delete ${key}` }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm
        .getByText(`Are you sure you want to delete the translation "${key}"? This action cannot be undone.`)
        .waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Translation deleted successfully!').waitFor();
      await page.getByRole('heading', { name: 'No Translations Found' }).waitFor();
    } finally {
      const id = await translationId(admin, PUBLIC_KEY);
      await admin.request.patch(`/api/admin/translations/${id}`, {
        data: { faroeseText: DEFAULT_TEXTS[PUBLIC_KEY]!.fo, status: 'complete' },
        headers: { origin: baseUrl() },
      });
      await admin.close();
    }
  });

  it('gives a back-office screen its texts, which the public pages are sent without', async () => {
    const key = 'admin.categories.title';
    const admin = await adminContext(browser());
    const id = await translationId(admin, key);
    const edited = `Bólkar ${run}`;
    try {
      await admin.request.patch(`/api/admin/translations/${id}`, {
        data: { faroeseText: edited },
        headers: { origin: baseUrl() },
      });
      // The page carries the public pages' texts only: not this one.
      const html = await (await admin.request.get('/admin/categories')).text();
      expect(html).toContain('footer.project_credit');
      expect(html).not.toContain(edited);
      // The screen asks for the back-office's texts and is drawn with them, on a first visit and
      // on a screen reached from a public page.
      const page = await admin.newPage();
      await page.goto('/admin/categories');
      await page.getByRole('heading', { level: 1, name: edited }).waitFor();
      await page.goto('/');
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
      // To the screen inside the app, as a link does: no new page, no texts but the public ones.
      await page.evaluate(() => {
        history.pushState(null, '', '/admin/categories');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByRole('heading', { level: 1, name: edited }).waitFor();
    } finally {
      await admin.request.patch(`/api/admin/translations/${id}`, {
        data: { faroeseText: DEFAULT_TEXTS[key]!.fo },
        headers: { origin: baseUrl() },
      });
      await admin.close();
    }
  });

  it('shows an editor Access Denied, and the server refuses the writes', async () => {
    const admin = await adminContext(browser());
    const email = `editor-texts-${run}@example.org`;
    await createStaffViaApi(admin, { email, password: 'editor-password-1', role: 'editor' });
    const id = await translationId(admin, PUBLIC_KEY);
    await admin.close();
    const editor = await newVisitor(browser());
    await signInViaApi(editor, email, 'editor-password-1');
    const page = await editor.newPage();
    await page.goto('/admin/translations');
    await page.getByRole('heading', { name: DEFAULT_TEXTS['guard.denied.title']!.fo }).waitFor();
    await page.getByText('Only administrators can manage translations.').waitFor();
    await page.getByRole('link', { name: 'Back to Admin' }).waitFor();
    await expectNoAxeViolations(page);
    const res = await editor.request.patch(`/api/admin/translations/${id}`, {
      data: { faroeseText: 'Nei' },
      headers: { origin: baseUrl() },
    });
    expect(res.status()).toBe(403);
    expect((await res.json()).code).toBe('FORBIDDEN');
    await page.waitForURL((url) => url.pathname === '/admin');
    await editor.close();
  });
});
