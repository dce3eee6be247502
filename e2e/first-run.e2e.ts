import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData } from '#common/api/dashboard.ts';
import { type Archive, startArchive } from './archive.ts';
import { adminContext, expectNoAxeViolations, newVisitor, sharedBrowser } from './support.ts';

// An archive of its own, empty, whatever the other journeys add to theirs and whenever they run.
const browser = sharedBrowser();
let archive: Archive;
beforeAll(async () => {
  archive = await startArchive();
}, 200_000);
afterAll(() => archive?.stop());

describe('a new archive', () => {
  it("shows the empty archive as 'Gallery Coming Soon', with header, footer and trial banner", async () => {
    const context = await newVisitor(browser(), { baseUrl: archive.baseUrl });
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => page.textContent('body')).toContain('Gallery Coming Soon');
    expect(await page.textContent('body')).toContain('royndarrakstri');
    expect(await page.getByRole('contentinfo').textContent()).toContain(String(new Date().getFullYear()));
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('guides an admin through the first run of an empty archive', async () => {
    const admin = await adminContext(browser(), { baseUrl: archive.baseUrl });
    const { stats }: DashboardData = await (await admin.request.get('/api/admin/dashboard')).json();
    // Its own archive: neither media nor categories yet.
    expect([stats.totalMedia, stats.totalCategories]).toEqual([0, 0]);
    const page = await admin.newPage();
    await page.goto('/admin');
    const guide = page.getByRole('dialog', { name: 'Welcome to your archive!' });
    await guide.getByText('Step 1 of 2').waitFor();
    expect(await guide.getByRole('link', { name: 'Create Categories' }).getAttribute('href')).toBe(
      '/admin/categories',
    );
    await guide.getByRole('button', { name: 'Next' }).click();
    await guide.getByText('Step 2 of 2').waitFor();
    expect(await guide.getByRole('link', { name: 'Upload Media' }).getAttribute('href')).toBe(
      '/admin/media/upload',
    );
    await expectNoAxeViolations(page);
    await guide.getByRole('button', { name: "I'll do this later" }).click();
    expect(await guide.count()).toBe(0);

    // The suggestions of an empty archive; a dismissed one stays dismissed in this browser.
    const actions = page.getByRole('region', { name: 'Recommended Actions' });
    await actions.getByRole('heading', { name: 'Create Categories' }).waitFor();
    await actions.getByRole('heading', { name: 'Upload Your First Media' }).waitFor();
    await actions.getByRole('button', { name: 'Dismiss: Create Categories' }).click();
    expect(await actions.getByRole('heading', { name: 'Create Categories' }).count()).toBe(0);
    await page.reload();
    await actions.getByRole('heading', { name: 'Upload Your First Media' }).waitFor();
    expect(await actions.getByRole('heading', { name: 'Create Categories' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('dismissed_suggestions'))).toBe(
      JSON.stringify(['create-categories']),
    );
    await admin.close();
  });
});
