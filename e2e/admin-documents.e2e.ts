import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DocumentItem } from '#common/api/documents.ts';
import { fileTypeMessage } from '#common/file-types.ts';
import { minimalPdf } from '#server/test/fixtures.ts';
import {
  adminContext,
  baseUrl,
  createStaffViaApi,
  expectNoAxeViolations,
  newVisitor,
  sharedBrowser,
  signInViaApi,
  uniquePng,
} from './support.ts';

const browser = sharedBrowser();
const run = randomInt(1_000_000);
const TAG = `skjal-${run}`;

const rowOf = (page: Page, text: string) => page.locator('table tbody tr').filter({ hasText: text });
const showing = (page: Page) => page.getByText(/^Showing \d+ of \d+ documents$/).textContent();

describe('documents', () => {
  it('uploads a PDF, edits it inline, toggles it, counts a download and deletes it', async () => {
    const admin = await adminContext(browser());
    const page = await admin.newPage();
    await page.goto('/admin/documents');
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    for (const tile of ['Total Documents', 'Public', 'Featured', 'Total Downloads'])
      await page.getByTestId('document-stats').getByText(tile, { exact: true }).waitFor();

    // The upload dialog: submit disabled without a file; the title comes from the file name.
    await page.getByRole('button', { name: 'Upload Document' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Document' });
    const submit = dialog.getByRole('button', { name: 'Upload', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    // A picture named .pdf is refused by its content, with the spec's sentence.
    await dialog
      .getByLabel(/^File/)
      .setInputFiles({ name: 'mynd.pdf', mimeType: 'application/pdf', buffer: await uniquePng() });
    await submit.click();
    await dialog.getByRole('alert').getByText(fileTypeMessage('document')).waitFor();
    await dialog.getByLabel(/^File/).setInputFiles(await minimalPdf(`${TAG}.pdf`));
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(await dialog.getByLabel(/^Title/).inputValue()).toBe(TAG);
    expect(await dialog.getByLabel(/^Category/).inputValue()).toBe('mentanardagarnar');
    expect(await dialog.getByLabel('Public').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Featured').isChecked()).toBe(false);
    await dialog.getByLabel('Description').fill('Skrá til kanning');
    await expectNoAxeViolations(page);
    await submit.click();
    await page.getByText('Document uploaded successfully!').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Search finds it; the category filter narrows.
    const box = page.getByLabel('Search title, description or file name');
    await box.fill(TAG);
    await box.press('Enter');
    await expect.poll(() => showing(page)).toBe('Showing 1 of 1 documents');
    await page.getByLabel('Category', { exact: true }).selectOption('policy');
    await page.getByText('No Documents Found').waitFor();
    await page.getByLabel('Category', { exact: true }).selectOption('mentanardagarnar');
    await expect.poll(() => showing(page)).toBe('Showing 1 of 1 documents');
    const api = async (): Promise<DocumentItem> =>
      (await (await admin.request.get(`/api/admin/documents?q=${TAG}`)).json()).items[0];
    const document = await api();
    expect(document).toMatchObject({
      title: TAG,
      mimeType: 'application/pdf',
      isPublic: true,
      isFeatured: false,
    });

    // Inline edit: a new title, the description emptied (stored as none).
    await rowOf(page, TAG)
      .getByRole('button', { name: `Edit ${TAG}` })
      .click();
    await rowOf(page, TAG).getByLabel('Title').fill(`${TAG} Fundargerð`);
    await rowOf(page, TAG).getByLabel('Description').fill('  ');
    await expectNoAxeViolations(page);
    await rowOf(page, TAG).getByRole('button', { name: 'Save' }).click();
    await page.getByText('Document updated successfully!').waitFor();
    await rowOf(page, `${TAG} Fundargerð`)
      .getByRole('button', { name: `Edit ${TAG} Fundargerð` })
      .waitFor();
    expect(await api()).toMatchObject({ title: `${TAG} Fundargerð`, description: null });
    const row = rowOf(page, `${TAG} Fundargerð`);

    // Public off: visitors no longer get the file; featured on.
    const visitor = await newVisitor(browser());
    const publicToggle = row.getByRole('button', { name: /^Public/ });
    await publicToggle.click();
    await expect.poll(() => publicToggle.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(async () => (await visitor.request.get(document.url)).status()).toBe(404);
    await publicToggle.click();
    await expect.poll(async () => (await visitor.request.get(document.url)).status()).toBe(200);
    await visitor.close();
    const featuredToggle = row.getByRole('button', { name: /^Featured/ });
    await featuredToggle.click();
    await expect.poll(async () => (await api()).isFeatured).toBe(true);

    // Download: the file arrives under its name and the count goes up by one.
    expect(await row.getByTestId('download-count').textContent()).toBe('0 downloads');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /^Download/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${TAG}.pdf`);
    await expect.poll(() => row.getByTestId('download-count').textContent()).toBe('1 downloads');
    expect((await api()).downloadCount).toBe(1);

    // Delete after the spec's confirmation; the file is gone too.
    await row.getByRole('button', { name: /^Delete/ }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText('Are you sure you want to delete this document? This action cannot be undone.')
      .waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Document deleted successfully!').waitFor();
    await page.getByText('No Documents Found').waitFor();
    expect((await admin.request.get(document.url)).status()).toBe(404);
    await admin.close();
  });

  it('tells a viewer Access Denied with the spec text, and the server refuses too', async () => {
    const admin = await adminContext(browser());
    const email = `viewer-docs-${run}@example.org`;
    await createStaffViaApi(admin, { email, password: 'viewer-password-1', role: 'viewer' });
    await admin.close();
    const viewer = await newVisitor(browser());
    await signInViaApi(viewer, email, 'viewer-password-1');
    const page = await viewer.newPage();
    await page.goto('/admin/documents');
    await page.getByText("You don't have permission to manage documents.").waitFor();
    await page.getByRole('link', { name: 'Back to Admin' }).waitFor();
    await expectNoAxeViolations(page);
    expect((await (await viewer.request.get('/api/admin/documents')).json()).code).toBe('FORBIDDEN');
    const patch = await viewer.request.patch(`/api/admin/documents/${crypto.randomUUID()}`, {
      data: { isPublic: false },
      headers: { origin: baseUrl() },
    });
    expect((await patch.json()).code).toBe('FORBIDDEN');
    await viewer.close();
  });
});
