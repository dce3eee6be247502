import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminContext, expectNoAxeViolations, sharedBrowser, uploadMediaViaApi } from './support.ts';

const browser = sharedBrowser();
const run = randomInt(1_000_000);
const TAG = `Mappurun${run}`;

const rowOf = (page: Page, title: string) => page.locator('table tbody tr').filter({ hasText: title });
/** X of 'Showing X of Y items': what the list shows (Y is the whole archive, other files' items too). */
const showing = async (page: Page) =>
  (await page.getByText(/^Showing \d+ of \d+ items/).textContent())?.match(/^Showing (\d+) of/)?.[1];

/** The folder (id, name) of each item, as the server has them. */
async function foldersOf(page: Page, q: string) {
  const res = await page.context().request.get(`/api/admin/media?q=${encodeURIComponent(q)}`);
  return Object.fromEntries(
    (await res.json()).items.map((i: { title: string; folderId: string | null }) => [i.title, i.folderId]),
  );
}

describe('folders in media management', () => {
  it('creates, renames and deletes a folder, and moves items into it', async () => {
    const admin = await adminContext(browser());
    const titles = ['Eitt', 'Tvey', 'Trý'].map((n) => `${TAG} ${n}`);
    for (const title of titles) await uploadMediaViaApi(admin, { title });
    const page = await admin.newPage();
    await page.goto(`/admin/media?q=${encodeURIComponent(TAG)}`);
    await expect.poll(() => showing(page)).toBe('3');

    // Create.
    await page.getByText(/^Manage Folders \(\d+\)$/).click();
    const manager = page.locator('details').filter({ hasText: 'Manage Folders' });
    const name = `${TAG} Kassi`;
    await manager.getByLabel('New folder name').fill(name);
    await manager.getByRole('button', { name: 'Create Folder' }).click();
    await page.getByText('Folder created successfully!').waitFor();
    await manager.getByText(name, { exact: false }).waitFor();
    await expectNoAxeViolations(page);

    // Rename.
    const renamed = `${TAG} Skjalaskápur`;
    await manager.getByRole('button', { name: `Rename ${name}` }).click();
    await manager.getByLabel('Folder name', { exact: true }).fill(renamed);
    await manager.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Folder renamed successfully!').waitFor();
    await manager.getByRole('button', { name: `Rename ${renamed}` }).waitFor();

    // Assign two items with the bulk move, then filter by the folder.
    await page.getByLabel(`Select ${titles[0]}`).check();
    await page.getByLabel(`Select ${titles[1]}`).check();
    const folderOption = page.getByLabel('Move to folder').locator('option', { hasText: renamed });
    const folderId = await folderOption.getAttribute('value');
    await page.getByLabel('Move to folder').selectOption(folderId!);
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByText('Media updated successfully! 2 items changed.').waitFor();
    expect(await foldersOf(page, TAG)).toEqual({
      [titles[0]!]: folderId,
      [titles[1]!]: folderId,
      [titles[2]!]: null,
    });
    await rowOf(page, titles[0]!).getByText(`Folder: ${renamed}`).waitFor();
    await page.getByLabel('Folder', { exact: true }).selectOption(folderId!);
    await expect.poll(() => showing(page)).toBe('2');
    await manager.getByText('(2 items)').waitFor();

    // Delete: the items stay, without a folder.
    await manager.getByRole('button', { name: `Delete ${renamed}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText(`Are you sure you want to delete the folder "${renamed}"? Its items stay, without a folder.`)
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Folder deleted successfully!').waitFor();
    expect(await foldersOf(page, TAG)).toEqual({
      [titles[0]!]: null,
      [titles[1]!]: null,
      [titles[2]!]: null,
    });
    await admin.close();
  });
});
