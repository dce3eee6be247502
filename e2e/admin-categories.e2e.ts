import { randomInt } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
import {
  adminContext,
  baseUrl,
  createStaffViaApi,
  expectNoAxeViolations,
  newVisitor,
  registerViaApi,
  sharedBrowser,
  signInViaApi,
  uploadMediaViaApi,
} from './support.ts';

const browser = sharedBrowser();
const run = randomInt(1_000_000);
const TAG = `Bólkur${run}`;

type Card = {
  id: string;
  name: string;
  color: string;
  icon: string | null;
  isPublic: boolean;
  mediaCount: number;
};

const card = (page: Page, name: string) => page.getByRole('article', { name });
const showing = (page: Page) => page.getByText(/^Showing \d+ of \d+ categories$/).textContent();

async function search(page: Page, q: string) {
  const box = page.getByLabel('Search categories by name or description');
  await box.fill(q);
  await box.press('Enter');
  await page.waitForURL((url) => (url.searchParams.get('q') ?? '') === q);
}

/** The category as the server has it now. */
async function cardFromApi(context: BrowserContext, name: string): Promise<Card | undefined> {
  const res = await context.request.get(`/api/admin/categories/cards?q=${encodeURIComponent(name)}`);
  return ((await res.json()).items as Card[]).find((c) => c.name === name);
}

async function publicCategoryNames(): Promise<string[]> {
  const visitor = await newVisitor(browser());
  const names = (await (await visitor.request.get('/api/categories')).json()).categories.map(
    (c: { name: string }) => c.name,
  );
  await visitor.close();
  return names;
}

describe('categories', () => {
  it('lets an admin create from a template, edit, hide, search and delete with the spec confirmations', async () => {
    const admin = await adminContext(browser());
    const page = await admin.newPage();
    await page.goto('/admin/categories');
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    await page
      .getByTestId('category-counts')
      .getByText(/categories · \d+ active · \d+ items tagged/)
      .waitFor();
    for (const label of ['Total Categories', 'Active Categories', 'Items Tagged', 'Category Views'])
      await page.getByTestId('category-stats').getByText(label, { exact: true }).waitFor();

    // Create from the 'Historical Photos' template, under a name of this run.
    await page.getByRole('button', { name: 'New Category' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Category' });
    await dialog.getByRole('button', { name: 'Historical Photos' }).click();
    const name = dialog.getByRole('textbox', { name: 'Category Name' });
    expect(await name.inputValue()).toBe('Historical Photos');
    expect(await dialog.getByRole('textbox', { name: 'Description' }).inputValue()).not.toBe('');
    expect(await dialog.getByRole('radio', { name: 'Camera', exact: true }).isChecked()).toBe(true);
    expect(
      await dialog.getByRole('switch', { name: 'Visible to the public' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(await dialog.locator('input[name="color-preset"]').count()).toBe(12);
    expect(await dialog.locator('input[name="icon-choice"]').count()).toBe(25);
    await expectNoAxeViolations(page);
    // The name is required ('Category Name *'): an empty one is refused on its field.
    await name.fill('  ');
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await dialog.getByText('Category Name is required').waitFor();
    const photos = `${TAG} Gamlar myndir`;
    await name.fill(photos);
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await page.getByText('Category created successfully!').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const created = await cardFromApi(admin, photos);
    expect(created).toMatchObject({ color: '#F59E0B', icon: '📷', isPublic: true, mediaCount: 0 });

    // A second one from scratch, with a custom colour and no icon.
    await page.getByRole('button', { name: 'New Category' }).click();
    const empty = `${TAG} Tómur`;
    await dialog.getByRole('textbox', { name: 'Category Name' }).fill(empty);
    await dialog.getByLabel('Custom colour').fill('#123456');
    await dialog.getByRole('button', { name: 'Create Category' }).click();
    await page.getByText('Category created successfully!').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await cardFromApi(admin, empty)).toMatchObject({ color: '#123456', icon: null });

    // Two items in the first category: its card counts them, this week, and it is Active.
    const items = [];
    for (const title of ['Bátur', 'Hús'])
      items.push(
        await uploadMediaViaApi(admin, { title: `${TAG} ${title}`, fields: { categoryId: created!.id } }),
      );
    await search(page, TAG);
    await expect.poll(() => showing(page)).toBe('Showing 2 of 2 categories');
    const photosCard = card(page, photos);
    await photosCard.getByText('2 items').waitFor();
    await photosCard.getByText('+2 this week').waitFor();
    await photosCard.getByText('Active', { exact: true }).waitFor();
    await card(page, empty).getByText('Unused', { exact: true }).waitFor();
    await card(page, empty).getByText('📁').waitFor();

    // Edit colour and icon.
    await photosCard.getByRole('button', { name: `Edit ${photos}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await edit.getByRole('radio', { name: 'Sunset Red' }).check();
    await edit.getByRole('radio', { name: 'Sailing boat' }).check();
    await edit.getByTestId('category-preview').getByText('⛵').waitFor();
    await expectNoAxeViolations(page);
    await edit.getByRole('button', { name: 'Update Category' }).click();
    await page.getByText('Category updated successfully!').waitFor();
    await edit.waitFor({ state: 'hidden' });
    expect(await cardFromApi(admin, photos)).toMatchObject({ color: '#EF4444', icon: '⛵' });
    await photosCard.getByText('⛵').waitFor();

    // Visibility: hidden from the public filter, then shown again.
    const visible = photosCard.getByRole('switch', { name: `${photos}: Public` });
    expect(await publicCategoryNames()).toContain(photos);
    await visible.click();
    await expect.poll(() => visible.getAttribute('aria-checked')).toBe('false');
    await expect.poll(async () => (await cardFromApi(admin, photos))?.isPublic).toBe(false);
    expect(await publicCategoryNames()).not.toContain(photos);
    await visible.click();
    await expect.poll(async () => (await cardFromApi(admin, photos))?.isPublic).toBe(true);

    // Search by description, then one with no hits, and Clear Search.
    await search(page, `${TAG} Tómur`);
    await expect.poll(() => showing(page)).toBe('Showing 1 of 1 categories');
    await search(page, `${TAG}-einki`);
    await page.getByRole('heading', { name: 'No Categories Found' }).waitFor();
    await page.getByRole('button', { name: 'Clear Search' }).click();
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await expectNoAxeViolations(page);

    // Delete the one with items: the spec's first confirmation; the items stay, without it.
    await search(page, TAG);
    await photosCard.getByRole('button', { name: `Delete ${photos}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText(
        'This category contains 2 media items. Deleting it will remove the category from all items. Continue?',
      )
      .waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Category deleted successfully! 2 items no longer have a category.').waitFor();
    await photosCard.waitFor({ state: 'detached' });
    for (const item of items) {
      const res = await admin.request.get(`/api/media/${item.id}`);
      expect(res.status()).toBe(200);
      expect((await res.json()).media.categoryId).toBeNull();
    }

    // The empty one: the spec's second confirmation.
    await card(page, empty)
      .getByRole('button', { name: `Delete ${empty}` })
      .click();
    await confirm.getByText('Are you sure you want to delete this category?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Category deleted successfully!', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'No Categories Found' }).waitFor();
    await admin.close();
  });

  it('shows a failed save in the dialog and a refused toggle goes back', async () => {
    const admin = await adminContext(browser());
    const name = `${TAG} Villa`;
    await admin.request.post('/api/admin/categories', { data: { name }, headers: { origin: baseUrl() } });
    const page = await admin.newPage();
    await page.goto(`/admin/categories?q=${encodeURIComponent(name)}`);
    const one = card(page, name);
    await one.waitFor();
    await page.route('**/api/admin/categories/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'INTERNAL', message: 'Something went wrong on the server.' }),
          })
        : route.continue(),
    );
    const visible = one.getByRole('switch', { name: `${name}: Public` });
    await visible.click();
    await page.getByText('Failed to update category').waitFor();
    await expect.poll(() => visible.getAttribute('aria-checked')).toBe('true');
    await one.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await edit.getByRole('button', { name: 'Update Category' }).click();
    await edit.getByRole('alert').getByText('Failed to save category').waitFor();
    await page.unrouteAll();
    await admin.close();
  });

  it('works for an editor: edit and hide a category', async () => {
    const admin = await adminContext(browser());
    const email = `editor-categories-${run}@example.org`;
    await createStaffViaApi(admin, { email, password: 'editor-password-1', role: 'editor' });
    const name = `${TAG} Ritstjóri`;
    await admin.request.post('/api/admin/categories', { data: { name }, headers: { origin: baseUrl() } });
    const editor = await newVisitor(browser());
    await signInViaApi(editor, email, 'editor-password-1');
    const page = await editor.newPage();
    await page.goto(`/admin/categories?q=${encodeURIComponent(name)}`);
    const one = card(page, name);
    await one.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await edit.getByRole('textbox', { name: 'Description' }).fill('Myndir frá ritstjórum');
    await edit.getByRole('radio', { name: 'Forest Green' }).check();
    await edit.getByRole('button', { name: 'Update Category' }).click();
    await page.getByText('Category updated successfully!').waitFor();
    await one.getByText('Myndir frá ritstjórum').waitFor();
    await one.getByRole('switch', { name: `${name}: Public` }).click();
    await expect.poll(async () => (await cardFromApi(admin, name))?.isPublic).toBe(false);
    expect(await cardFromApi(admin, name)).toMatchObject({ color: '#15803D' });
    await admin.close();
    await editor.close();
  });

  it('refuses a viewer and a contributor on screen, and the server refuses them too', async () => {
    const admin = await adminContext(browser());
    const email = `viewer-categories-${run}@example.org`;
    await createStaffViaApi(admin, { email, password: 'viewer-password-1', role: 'viewer' });
    const target = (
      await (
        await admin.request.post('/api/admin/categories', {
          data: { name: `${TAG} Varin` },
          headers: { origin: baseUrl() },
        })
      ).json()
    ).category;
    await admin.close();

    const viewer = await newVisitor(browser());
    await signInViaApi(viewer, email, 'viewer-password-1');
    const page = await viewer.newPage();
    await page.goto('/admin/categories');
    await page.getByRole('heading', { level: 1, name: DEFAULT_TEXTS['guard.denied.title']!.fo }).waitFor();
    await page.getByRole('link', { name: 'Back to Admin' }).waitFor();
    await expectNoAxeViolations(page);
    const contributor = await newVisitor(browser());
    await registerViaApi(contributor, 'Categories Contributor');
    const contributorPage = await contributor.newPage();
    await contributorPage.goto('/admin/categories');
    await contributorPage
      .getByRole('heading', { level: 1, name: DEFAULT_TEXTS['guard.denied.title']!.fo })
      .waitFor();

    for (const context of [viewer, contributor]) {
      const list = await context.request.get('/api/admin/categories/cards');
      expect((await list.json()).code).toBe('FORBIDDEN');
      const toggle = await context.request.patch(`/api/admin/categories/${target.id}`, {
        data: { isPublic: false },
        headers: { origin: baseUrl() },
      });
      expect((await toggle.json()).code).toBe('FORBIDDEN');
      const removed = await context.request.delete(`/api/admin/categories/${target.id}`, {
        headers: { origin: baseUrl() },
      });
      expect((await removed.json()).code).toBe('FORBIDDEN');
    }
    expect(await publicCategoryNames()).toContain(`${TAG} Varin`);
    await viewer.close();
    await contributor.close();
  });
});
