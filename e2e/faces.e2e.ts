/**
 * Face suggestions (issue 29 §3) in the back-office: an admin switches them on from the site
 * settings by keyboard, a group photo's faces are found in the background, an editor sees them in
 * the item's edit dialog, the public sees none of it, and switching off (after the confirmation)
 * deletes them. Axe-clean at each step. The back-office speaks Faroese by default.
 */
import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { faceApiSample } from '#server/test/fixtures.ts';
import { pollUntil } from '#server/test/poll.ts';
import {
  adminContext,
  baseUrl,
  expectNoAxeViolations,
  newVisitor,
  sharedBrowser,
  uploadMediaViaApi,
} from './support.ts';

const browser = sharedBrowser();
const run = randomInt(1_000_000);

const status = (page: Page) => page.locator('[data-face-status]').getAttribute('data-face-status');

// A group photo's detection waits for idle CPU (the job runs at the lowest priority).
describe('face suggestions', () => {
  it('are switched on by keyboard, shown to staff on the item, never to the public, and deleted when switched off', async () => {
    const admin = await adminContext(browser());
    try {
      const page = await admin.newPage();
      await page.goto('/admin/settings');
      await page.getByRole('heading', { level: 2, name: 'Uppskot um andlit', exact: true }).waitFor();
      await expect.poll(() => status(page)).toBe('off');
      await expectNoAxeViolations(page);
      const on = page.getByRole('button', { name: 'Tendra', exact: true });
      await on.focus();
      await page.keyboard.press('Enter');
      await page
        .getByText('Uppskot um andlit eru tendrað: eldri myndir verða hugdar at í bakgrundini.')
        .waitFor();
      await expect.poll(() => status(page)).toBe('on');

      const title = `Tríggjar vinkonur ${run}`;
      const item = await uploadMediaViaApi(admin, { title, file: faceApiSample(1) });
      await pollUntil(
        'the face job has looked at the group photo',
        async () => {
          const res = await admin.request.get(`/api/admin/faces/media/${item.id}`);
          const body = (await res.json()) as { suggestions: unknown[] };
          return body.suggestions.length === 3 && body;
        },
        { timeoutMs: 200_000, everyMs: 500 },
      );

      await page.goto(`/admin/media?q=${encodeURIComponent(title)}`);
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Media' });
      await dialog.getByRole('heading', { name: 'Uppskot um andlit (3)' }).waitFor();
      expect(await dialog.locator('[data-face-box]').count()).toBe(3);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');

      // The public's page of the item shows no box and asks nothing of the staff API.
      const visitor = await newVisitor(browser());
      const publicPage = await visitor.newPage();
      const asked: string[] = [];
      publicPage.on('request', (request) => {
        if (request.url().includes('/api/admin/faces')) asked.push(request.url());
      });
      await publicPage.goto(`/media/${item.id}`);
      await publicPage.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await publicPage.locator('[data-face-box], [data-face-suggestions]').count()).toBe(0);
      expect(asked).toEqual([]);
      const denied = await visitor.request.get(`/api/admin/faces/media/${item.id}`);
      expect(denied.status()).toBe(401);
      await visitor.close();

      // Switching off asks first, then deletes what the job stored.
      await page.goto('/admin/settings');
      await expect.poll(() => status(page)).toBe('on');
      await page.getByRole('button', { name: 'Sløkk', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Sløkkja uppskot um andlit?' });
      await confirm.waitFor();
      await expectNoAxeViolations(page);
      await confirm.getByRole('button', { name: 'Sløkk og strika' }).click();
      await page.getByText('Uppskot um andlit eru sløkt; tað, sum tey goymdu, er strikað.').waitFor();
      await expect.poll(() => status(page)).toBe('off');
      const after = await (await admin.request.get(`/api/admin/faces/media/${item.id}`)).json();
      expect(after).toEqual({ enabled: false, suggestions: [] });
    } finally {
      // Other journeys share this archive: the job goes off again whatever happened.
      await admin.request.put('/api/admin/faces', {
        data: { enabled: false },
        headers: { origin: baseUrl() },
      });
      await admin.close();
    }
  }, 240_000);
});
