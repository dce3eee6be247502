import { randomInt } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
import { tusUpload } from '#server/test/tus-client.ts';
import {
  adminContext,
  baseUrl,
  expectNoAxeViolations,
  newVisitor,
  registerViaApi,
  sharedBrowser,
  uniquePng,
} from './support.ts';

const browser = sharedBrowser();
const run = randomInt(1_000_000);
const TAG = `Review${run}`;

/** One submission sent as the public form sends it: the bytes by tus, then POST /api/submissions. */
async function sendSubmission(context: BrowserContext, title: string) {
  const path = join(tmpdir(), `${TAG}-${title.replace(/\W+/g, '-')}.png`);
  await writeFile(path, await uniquePng());
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const uploadId = await tusUpload(baseUrl(), path, { headers: { cookie, origin: baseUrl() } });
  const res = await context.request.post('/api/submissions', {
    data: { uploadId, title, submitterName: 'Jógvan Keyboard' },
    headers: { origin: baseUrl() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).submission.id as string;
}

const rows = (page: Page) => page.locator('table tbody tr');
const row = (page: Page, title: string) => rows(page).filter({ hasText: title });
const statusOf = async (context: BrowserContext, id: string) =>
  (await (await context.request.get(`/api/admin/submissions/${id}`)).json()).submission.status;

describe('submissions review', () => {
  it('reviews by keyboard, approves several at once, deletes with the confirmation; another screen follows live', async () => {
    const contributor = await newVisitor(browser());
    await registerViaApi(contributor, 'Jógvan Keyboard');
    const titles = ['A', 'B', 'C', 'D', 'E'].map((letter) => `${TAG} ${letter}`);
    const ids: Record<string, string> = {};
    for (const title of titles) ids[title] = await sendSubmission(contributor, title);
    const [a, b, c, d, e] = titles as [string, string, string, string, string];

    const admin = await adminContext(browser());
    const page = await admin.newPage();
    await page.goto(`/admin/submissions?q=${TAG}`);
    await page.getByRole('heading', { level: 1, name: 'Submissions review' }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(5);
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      '',
      'Submission',
      'Submitter',
      'Type',
      'Status & Reviewer',
      'Date',
      'Actions',
    ]);
    expect(await rows(page).first().textContent()).toContain(e);
    await expectNoAxeViolations(page);

    // A second reviewer's screen, left alone: it must follow the changes by itself.
    const watcher = await adminContext(browser());
    const watching = await watcher.newPage();
    await watching.goto(`/admin/submissions?q=${TAG}`);
    await expect.poll(() => rows(watching).count()).toBe(5);

    // Keyboard: open the newest, A approves, J goes to the next, R rejects it.
    await page.getByRole('button', { name: e, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: e }).waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).waitFor();
    await expectNoAxeViolations(page);
    await page.keyboard.press('a');
    await page.getByText('Submission approved and added to gallery!').waitFor();
    await expect.poll(() => statusOf(admin, ids[e]!)).toBe('approved');
    await page.keyboard.press('j');
    await dialog.getByRole('heading', { name: d }).waitFor();
    // Typing in the notes is text, not a shortcut.
    await dialog.getByLabel('Review notes (optional)').fill('Ov myrk');
    expect(await statusOf(admin, ids[d]!)).toBe('pending');
    await dialog.getByLabel('Review notes (optional)').press('Tab');
    await page.keyboard.press('r');
    await page.getByText('Submission rejected successfully!').waitFor();
    await expect.poll(() => statusOf(admin, ids[d]!)).toBe('rejected');
    const rejected = (await (await admin.request.get(`/api/admin/submissions/${ids[d]}`)).json()).submission;
    expect(rejected.reviewNotes).toBe('Ov myrk');
    await page.keyboard.press('k');
    await dialog.getByRole('heading', { name: e }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The watcher's list shows both reviews without a reload.
    await expect.poll(() => row(watching, e).textContent(), { timeout: 5000 }).toContain('Approved');
    await expect.poll(() => row(watching, d).textContent(), { timeout: 5000 }).toContain('Rejected');

    // Two at once.
    await page.getByRole('checkbox', { name: `Select ${b}` }).check();
    await page.getByRole('checkbox', { name: `Select ${c}` }).check();
    await page.getByRole('button', { name: 'Approve selected' }).click();
    await page.getByText('2 submission(s) approved and added to gallery!').waitFor();
    expect(await statusOf(admin, ids[b]!)).toBe('approved');
    expect(await statusOf(admin, ids[c]!)).toBe('approved');

    // Delete with the spec's confirmation.
    await page.getByRole('button', { name: `Delete ${a}`, exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText(
        `Are you sure you want to permanently delete the submission "${a}"? This will remove the file and cannot be undone.`,
      )
      .waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Submission deleted successfully!').waitFor();
    await expect.poll(() => rows(page).count()).toBe(4);
    expect((await admin.request.get(`/api/admin/submissions/${ids[a]}`)).status()).toBe(404);

    // The watcher: the deletion and the bulk approval arrive live too.
    await expect.poll(() => rows(watching).count(), { timeout: 5000 }).toBe(4);
    await expect.poll(() => row(watching, b).textContent(), { timeout: 5000 }).toContain('Approved');

    // A search that matches nothing says so.
    await page.getByLabel('Search by title, submitter name or email').fill(`${TAG}-nothing`);
    await page.getByLabel('Search by title, submitter name or email').press('Enter');
    await page.getByText('No Submissions Found').waitFor();
    await expectNoAxeViolations(page);

    await watcher.close();
    await admin.close();
    await contributor.close();
  }, 120_000);

  it('is refused to a public contributor, on screen and by the server', async () => {
    const context = await newVisitor(browser());
    await registerViaApi(context, 'Forvitin Sendari');
    const page = await context.newPage();
    await page.goto('/admin/submissions');
    await page.getByRole('heading', { level: 1, name: DEFAULT_TEXTS['guard.denied.title']!.fo }).waitFor();
    await page.getByText("You don't have permission to manage submissions.").waitFor();
    expect((await context.request.get('/api/admin/submissions')).status()).toBe(403);
    await context.close();
  });
});
