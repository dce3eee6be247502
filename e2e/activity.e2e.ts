import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
import {
  adminContext,
  baseUrl,
  createStaffViaApi,
  createTranslationViaApi,
  expectNoAxeViolations,
  newVisitor,
  registerViaApi,
  sharedBrowser,
  signInViaApi,
} from './support.ts';

const browser = sharedBrowser();
const run = randomInt(1_000_000);
const PREFIX = `e2e.activity.${run}`;
/** More than one page of the log (25 rows a page). */
const CREATED = 30;

const rows = (page: Page) => page.locator('table tbody tr');
const showing = (page: Page) => page.getByText(/^Showing \d+ of \d+$/).textContent();

describe('the activity log', () => {
  it('shows staff changes with who made them, filters, searches and pages through them', async () => {
    const admin = await adminContext(browser());
    const me = (await (await admin.request.get('/api/me')).json()).user;
    const adminName: string = me.fullName || me.email;
    const keys = Array.from({ length: CREATED }, (_, i) => `${PREFIX}.${String(i).padStart(2, '0')}`);
    const created = [];
    for (const key of keys)
      created.push(await createTranslationViaApi(admin, { key, faroeseText: `Tekstur ${key}` }));
    const edited = await admin.request.patch(`/api/admin/translations/${created[0]!.id}`, {
      data: { faroeseText: 'Broyttur tekstur' },
      headers: { origin: baseUrl() },
    });
    expect(edited.status()).toBe(200);

    const page = await admin.newPage();
    await page.goto('/admin/activity');
    await page.getByRole('heading', { level: 1, name: 'Activity log' }).waitFor();
    // Newest first: the edit, by the admin, about the first key.
    const first = rows(page).first();
    await expect.poll(() => first.textContent()).toContain('Translation updated');
    expect(await first.textContent()).toContain(keys[0]);
    expect(await first.textContent()).toContain(adminName);
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      'Action',
      'Resource',
      'User',
      'Time',
    ]);
    await expectNoAxeViolations(page);

    // Search: every entry about this run's keys, a page at a time.
    await page.getByLabel('Search', { exact: true }).fill(PREFIX);
    await page.getByLabel('Search', { exact: true }).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === PREFIX);
    await expect.poll(() => showing(page)).toBe(`Showing 25 of ${CREATED + 1}`);
    // The box the search was typed in keeps the focus once its search is the page's.
    expect(
      await page.getByLabel('Search', { exact: true }).evaluate((box) => box === document.activeElement),
    ).toBe(true);
    expect(await rows(page).count()).toBe(25);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => showing(page)).toBe(`Showing ${CREATED + 1} of ${CREATED + 1}`);
    expect(await rows(page).count()).toBe(CREATED + 1);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    // The oldest of them is the first key's creation, last.
    const last = await rows(page).last().textContent();
    expect(last).toContain('Translation created');
    expect(last).toContain(keys[0]);

    // Filter by action: only the edit; Back undoes the filter.
    await page.getByLabel('Action', { exact: true }).selectOption('translation.updated');
    await page.waitForURL((url) => url.searchParams.get('action') === 'translation.updated');
    await expect.poll(() => showing(page)).toBe('Showing 1 of 1');
    expect(await rows(page).first().textContent()).toContain(keys[0]);
    await expectNoAxeViolations(page);
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('action'));
    await expect.poll(() => page.getByLabel('Action', { exact: true }).inputValue()).toBe('');
    await expect.poll(() => showing(page)).toMatch(new RegExp(`of ${CREATED + 1}$`));

    // A search that matches nothing says so.
    await page.getByLabel('Search', { exact: true }).fill(`${PREFIX}-nothing`);
    await page.getByLabel('Search', { exact: true }).press('Enter');
    await page.getByText('No activity matches these filters.').waitFor();
    // Back: the earlier search, and its text in the box.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('q') === PREFIX);
    await expect.poll(() => page.getByLabel('Search', { exact: true }).inputValue()).toBe(PREFIX);
    await admin.close();
  });

  it('opens for a viewer', async () => {
    const admin = await adminContext(browser());
    const email = `viewer-${run}@example.org`;
    await createStaffViaApi(admin, { email, password: 'viewer-password-1', role: 'viewer' });
    await admin.close();
    const visitor = await newVisitor(browser());
    await signInViaApi(visitor, email, 'viewer-password-1');
    const page = await visitor.newPage();
    await page.goto('/admin/activity');
    await page.getByRole('heading', { level: 1, name: 'Activity log' }).waitFor();
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    await visitor.close();
  });

  it('is refused to a public contributor, on screen and by the server', async () => {
    const context = await newVisitor(browser());
    await registerViaApi(context, 'Forvitin Íkastari');
    const page = await context.newPage();
    await page.goto('/admin/activity');
    await page.getByRole('heading', { level: 1, name: DEFAULT_TEXTS['guard.denied.title']!.fo }).waitFor();
    await expectNoAxeViolations(page);
    // Then they are taken to their own dashboard.
    await page.waitForURL((url) => url.pathname === '/contributor/dashboard');
    expect((await context.request.get('/api/admin/activity')).status()).toBe(403);
    await context.close();
  });
});
