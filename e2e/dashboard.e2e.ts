import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DashboardData } from '#common/api/dashboard.ts';
import {
  adminContext,
  createStaffViaApi,
  expectNoAxeViolations,
  newVisitor,
  sharedBrowser,
  signInViaApi,
  uploadMediaViaApi,
} from './support.ts';

const browser = sharedBrowser();
const run = randomInt(1_000_000);
const number = (n: number) => new Intl.NumberFormat('en-GB').format(n);

/** Opens the ID search dialog and searches for `id` as typed. */
async function searchById(page: Page, id: string) {
  await page.getByRole('button', { name: 'Search by ID' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search by ID' });
  await dialog.getByLabel('ID', { exact: true }).fill(id);
  await dialog.getByRole('button', { name: 'Search', exact: true }).click();
  return dialog;
}

describe('the dashboard', () => {
  it('shows an admin the archive’s figures and finds an item by its ID', async () => {
    const admin = await adminContext(browser());
    const item = await uploadMediaViaApi(admin, { title: `Dashboard mynd ${run}` });
    const stats: DashboardData = await (await admin.request.get('/api/admin/dashboard')).json();

    const page = await admin.newPage();
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: /^Welcome back, / }).waitFor();
    await page.getByRole('heading', { name: 'Archive Health Score' }).waitFor();
    expect(await page.getByTestId('health-score').textContent()).toBe(`${stats.healthScore}%`);
    await page.getByText(`Your archive holds ${number(stats.stats.totalMedia)} items.`).waitFor();
    const figures = page.getByRole('region', { name: 'Archive figures' });
    expect(await figures.textContent()).toContain(`Total Media${number(stats.stats.totalMedia)}`);
    expect(await figures.textContent()).toContain(`+${number(stats.stats.recentUploads)} this week`);
    expect(await figures.textContent()).toContain(`Total Users${number(stats.stats.totalUsers)}`);
    await page.getByRole('heading', { name: 'Category Distribution' }).waitFor();
    // The upload just made is the newest activity.
    const activity = page.getByRole('region', { name: 'Recent Activity' });
    expect(await activity.getByRole('listitem').first().textContent()).toContain(`Dashboard mynd ${run}`);
    // An admin may open every quick link.
    const links = page.getByRole('navigation', { name: 'Quick Links' });
    expect(await links.getByRole('link').allTextContents()).toEqual([
      'Upload Media',
      'Manage Categories',
      'Review Submissions',
      'Manage Users',
      'Translations',
    ]);
    await expectNoAxeViolations(page);

    // Empty input, then an ID nobody has, then the item typed loosely.
    let dialog = await searchById(page, '   ');
    await dialog.getByText('Please enter an ID to search for').waitFor();
    await dialog.getByLabel('ID', { exact: true }).fill('#photo-99999');
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    await dialog.getByText('No items found with ID "PHOTO-99999"').waitFor();
    await dialog.getByLabel('ID', { exact: true }).fill(`#${item.displayId.toLowerCase()}`);
    await dialog.getByRole('button', { name: 'Search', exact: true }).click();
    const result = dialog.getByRole('listitem');
    await result.getByText(`Dashboard mynd ${run}`).waitFor();
    expect(await result.textContent()).toContain(item.displayId);
    expect(await result.textContent()).toContain('Media');
    await expectNoAxeViolations(page);
    await result.getByRole('link', { name: /View Public/ }).click();
    await page.waitForURL((url) => url.pathname === `/media/${item.id}`);

    await page.goto('/admin');
    dialog = await searchById(page, item.displayId);
    await dialog.getByRole('link', { name: /Manage/ }).click();
    await page.waitForURL(
      (url) => url.pathname === '/admin/media' && url.searchParams.get('q') === item.displayId,
    );
    // The media screen opens with just that item.
    // (Y is the whole archive: items of other files too.)
    await page.getByText(/^Showing 1 of \d+ items/).waitFor();
    await page.getByRole('table').getByText(item.title, { exact: true }).waitFor();
    await admin.close();
  });

  it('shows a viewer the dashboard read-only', async () => {
    const admin = await adminContext(browser());
    const item = await uploadMediaViaApi(admin, { title: `Viewer mynd ${run}` });
    const email = `dash-viewer-${run}@example.org`;
    await createStaffViaApi(admin, {
      email,
      password: 'viewer-password-1',
      role: 'viewer',
      fullName: 'Vera Viewer',
    });
    await admin.close();

    const viewer = await newVisitor(browser());
    await signInViaApi(viewer, email, 'viewer-password-1');
    const page = await viewer.newPage();
    await page.goto('/admin');
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Vera Viewer!' }).waitFor();
    await page.getByRole('heading', { name: 'Archive Health Score' }).waitFor();
    // No quick links, and no links to screens a viewer cannot open.
    expect(await page.getByRole('navigation', { name: 'Quick Links' }).count()).toBe(0);
    const main = page.getByRole('main');
    for (const path of [
      '/admin/media',
      '/admin/media/upload',
      '/admin/categories',
      '/admin/submissions',
      '/admin/users',
    ])
      expect(await main.locator(`a[href="${path}"]`).count(), path).toBe(0);
    await expectNoAxeViolations(page);

    // A viewer may search: the public page is offered, Manage is not.
    const dialog = await searchById(page, item.displayId);
    await dialog.getByText(`Viewer mynd ${run}`).waitFor();
    expect(await dialog.getByRole('link', { name: /View Public/ }).count()).toBe(1);
    expect(await dialog.getByRole('link', { name: /Manage/ }).count()).toBe(0);
    await viewer.close();
  });
});
