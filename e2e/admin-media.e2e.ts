import { randomInt } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
import {
  adminContext,
  baseUrl,
  createCategoryViaApi,
  createStaffViaApi,
  expectNoAxeViolations,
  newVisitor,
  sharedBrowser,
  signInViaApi,
  uploadMediaViaApi,
} from './support.ts';

const browser = sharedBrowser();
const run = randomInt(1_000_000);
const TAG = `Mediarun${run}`;

const rows = (page: Page) => page.locator('table tbody tr');
const rowOf = (page: Page, title: string) => rows(page).filter({ hasText: title });
/** X of 'Showing X of Y items': what the list shows (Y is the whole archive, other files' items too). */
const showing = async (page: Page) =>
  (await page.getByText(/^Showing \d+ of \d+ items/).textContent())?.match(/^Showing (\d+) of/)?.[1];

/** The titles the public gallery finds for `q`. */
async function publicTitles(q: string): Promise<string[]> {
  const visitor = await newVisitor(browser());
  const res = await visitor.request.get(`/api/gallery?q=${encodeURIComponent(q)}`);
  const titles = (await res.json()).items.map((i: { title: string }) => i.title);
  await visitor.close();
  return titles;
}

async function search(page: Page, q: string) {
  const box = page.getByLabel('Search title, description or photographer');
  await box.fill(q);
  await box.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === q);
}

async function staffPage(role: 'editor' | 'viewer'): Promise<BrowserContext> {
  const admin = await adminContext(browser());
  const email = `${role}-media-${run}@example.org`;
  await createStaffViaApi(admin, { email, password: `${role}-password-1`, role });
  await admin.close();
  const context = await newVisitor(browser());
  await signInViaApi(context, email, `${role}-password-1`);
  return context;
}

describe('media management', () => {
  it('lets an admin search, filter, toggle, edit, bulk-feature and delete', async () => {
    const admin = await adminContext(browser());
    const category = await createCategoryViaApi(admin, { name: `Bátar ${run}`, icon: '⛵' });
    const titles = ['Alfa', 'Beta', 'Gamma', 'Delta'].map((name) => `${TAG} ${name}`);
    for (const [i, title] of titles.entries()) {
      await uploadMediaViaApi(admin, {
        title,
        fields: i < 2 ? { categoryId: category.id, photographer: 'Jógvan' } : {},
      });
    }

    const page = await admin.newPage();
    await page.goto('/admin/media');
    await page.getByRole('heading', { level: 1, name: 'Media management' }).waitFor();
    await page.getByRole('link', { name: 'Upload Media' }).waitFor();
    expect((await page.getByRole('columnheader').allTextContents()).filter(Boolean)).toEqual([
      'Media',
      'Category',
      'Details',
      'Status',
      'Actions',
    ]);
    for (const tile of ['Total', 'Public', 'Featured', 'Categorized', 'Views', 'Categories'])
      await page.getByTestId('media-stats').getByText(tile, { exact: true }).waitFor();

    // Search, then narrow by category; Clear Filters brings all back.
    await search(page, TAG);
    await expect.poll(() => showing(page)).toBe('4');
    await page.getByLabel('Category', { exact: true }).selectOption(category.id);
    await expect.poll(() => showing(page)).toBe('2');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await page.waitForURL((url) => !url.searchParams.has('q') && !url.searchParams.has('category'));
    // The box is drawn afresh for the new URL's search (ListSearch's key), in a render that can land
    // just after the URL changed: typed into before then, the text went with the old box.
    await expect
      .poll(() => page.getByLabel('Search title, description or photographer').inputValue())
      .toBe('');
    await search(page, TAG);
    await expect.poll(() => showing(page)).toBe('4');

    // Toggle public off: the public gallery no longer finds it; on again, it does.
    const alfa = rowOf(page, titles[0]!);
    const publicToggle = alfa.getByRole('button', { name: /^Public/ });
    await expect.poll(() => publicToggle.getAttribute('aria-pressed')).toBe('true');
    await publicToggle.click();
    await expect.poll(() => publicToggle.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => publicTitles(titles[0]!)).toEqual([]);
    await publicToggle.click();
    await expect.poll(() => publicTitles(titles[0]!)).toEqual([titles[0]]);

    // Edit title and keywords.
    await rowOf(page, titles[1]!)
      .getByRole('button', { name: `Edit ${titles[1]}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Media' });
    await dialog.getByLabel('Title').fill(`  ${titles[1]} broytt `);
    await dialog.getByLabel('Keywords').fill('bátur, , havn ,');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Media updated successfully!').waitFor();
    await rowOf(page, `${titles[1]} broytt`).waitFor();
    const edited = await (
      await admin.request.get(`/api/admin/media?q=${encodeURIComponent(`${titles[1]} broytt`)}`)
    ).json();
    expect(edited.items[0]).toMatchObject({ title: `${titles[1]} broytt`, keywords: ['bátur', 'havn'] });

    // Bulk: feature two at once.
    await page.getByLabel(`Select ${titles[2]}`).check();
    await page.getByLabel(`Select ${titles[3]}`).check();
    await page.getByRole('button', { name: 'Feature', exact: true }).click();
    await page.getByText('Media updated successfully! 2 items changed.').waitFor();
    await expect
      .poll(() =>
        rowOf(page, titles[2]!)
          .getByRole('button', { name: /^Featured/ })
          .getAttribute('aria-pressed'),
      )
      .toBe('true');
    expect(
      await rowOf(page, titles[3]!)
        .getByRole('button', { name: /^Featured/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    // Grid view is kept in the URL and is axe-clean too.
    await page.getByRole('button', { name: 'Grid' }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'grid');
    await page.getByRole('list', { name: 'Media items' }).waitFor();
    const favourite = page.getByRole('button', { name: `Favourite: ${titles[0]}` });
    await favourite.click();
    await expect.poll(() => favourite.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('admin_favorites'))).toContain('-');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'List' }).click();
    await page.waitForURL((url) => !url.searchParams.has('view'));

    // Delete one, after the spec's confirmation.
    await rowOf(page, titles[3]!)
      .getByRole('button', { name: `Delete ${titles[3]}` })
      .click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText('Are you sure you want to delete this media item? This action cannot be undone.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Media item deleted successfully!').waitFor();
    await expect.poll(() => showing(page)).toBe('3');

    // A search with no hits says so.
    await search(page, `${TAG}-nothing`);
    await page.getByText('No Media Found').waitFor();
    await admin.close();
  });

  it('works for an editor', async () => {
    const admin = await adminContext(browser());
    const title = `${TAG} Editor`;
    await uploadMediaViaApi(admin, { title });
    await admin.close();
    const editor = await staffPage('editor');
    const page = await editor.newPage();
    await page.goto(`/admin/media?q=${encodeURIComponent(title)}`);
    await rowOf(page, title).waitFor();
    const featured = rowOf(page, title).getByRole('button', { name: /^Featured/ });
    // The button turns at once; the server's answer is what the list is read back after.
    const saved = page.waitForResponse(
      (r) =>
        r.request().method() === 'PATCH' && /\/api\/admin\/media\/[^/]+$/.test(new URL(r.url()).pathname),
    );
    await featured.click();
    await expect.poll(() => featured.getAttribute('aria-pressed')).toBe('true');
    expect((await saved).ok()).toBe(true);
    const answer = await (await editor.request.get(`/api/admin/media?q=${encodeURIComponent(title)}`)).json();
    expect(answer.items[0].isFeatured).toBe(true);

    // A toggle the server refuses goes back as it was, with the spec's message.
    await page.route('**/api/admin/media/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'INTERNAL', message: 'Something went wrong on the server.' }),
          })
        : route.continue(),
    );
    const publicToggle = rowOf(page, title).getByRole('button', { name: /^Public/ });
    await publicToggle.click();
    await page.getByText('Failed to update media').waitFor();
    await expect.poll(() => publicToggle.getAttribute('aria-pressed')).toBe('true');
    await page.unrouteAll();
    await editor.close();
  });

  it('tells a viewer Access Denied, and the server refuses too', async () => {
    const viewer = await staffPage('viewer');
    const page = await viewer.newPage();
    await page.goto('/admin/media');
    await page.getByRole('heading', { level: 1, name: DEFAULT_TEXTS['guard.denied.title']!.fo }).waitFor();
    await page.getByText("You don't have permission to manage media.").waitFor();
    await expectNoAxeViolations(page);
    const res = await viewer.request.get('/api/admin/media');
    expect((await res.json()).code).toBe('FORBIDDEN');
    const bulk = await viewer.request.post('/api/admin/media/bulk', {
      data: { ids: [crypto.randomUUID()], action: 'publish' },
      headers: { origin: baseUrl() },
    });
    expect((await bulk.json()).code).toBe('FORBIDDEN');
    await viewer.close();
  });
});
