import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
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

async function search(page: Page, q: string) {
  const box = page.getByLabel('Search name, email or ID');
  await box.fill(q);
  await box.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === q);
}

const rowOf = (page: Page, text: string) => page.locator('table tbody tr').filter({ hasText: text });

describe('users', () => {
  it('lets an admin create, find, edit, reset, sync and delete users; contributors have cards', async () => {
    const admin = await adminContext(browser());
    const contributorContext = await newVisitor(browser());
    const contributor = await registerViaApi(contributorContext, `Bidragsgevi ${run}`);
    await contributorContext.close();

    const page = await admin.newPage();
    await page.goto('/admin/users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    for (const stat of ['Total users', 'Staff', 'Contributors', 'Total uploads'])
      await page
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${stat}$`) })
        .waitFor();
    expect((await page.getByRole('columnheader').allTextContents()).filter(Boolean)).toEqual([
      'User',
      'Role',
      'Status',
      'Uploads',
      'Joined',
      'Actions',
    ]);
    // The admin's own row says 'You' and offers no deactivate or delete.
    const own = rowOf(page, 'admin@example.org');
    await own.getByText('You', { exact: true }).waitFor();
    expect(await own.getByRole('button', { name: /^(Deactivate|Delete)/ }).count()).toBe(0);
    await expectNoAxeViolations(page);

    // Create User: the spec's password message, then a real account (role editor by default).
    const email = `skrivari-${run}@example.org`;
    await page.getByRole('button', { name: 'Create User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('12345');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByText('Password must be at least 6 characters long').waitFor();
    expect(await dialog.getByLabel('Role').inputValue()).toBe('editor');
    await expectNoAxeViolations(page);
    await dialog.getByLabel('Password').fill('secret-123');
    await dialog.getByLabel('Full name').fill(`Rakul ${run}`);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await page.getByText('User created successfully!').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await search(page, email);
    await expect
      .poll(
        async () =>
          (await page.getByText(/^Showing \d+ of \d+ users/).textContent())?.match(/^Showing (\d+) of/)?.[1],
      )
      .toBe('1');
    const row = rowOf(page, email);
    await row.getByText('Editor', { exact: true }).waitFor();

    // Edit User: the email is read-only; the name is trimmed.
    await row.getByRole('button', { name: /^Edit/ }).click();
    const edit = page.getByRole('dialog');
    expect(await edit.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    await edit.getByLabel('Full name').fill(`  Rakul Nýggj ${run} `);
    await edit.getByLabel('Role').selectOption('viewer');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('User updated successfully!').waitFor();
    await expect.poll(() => row.getByRole('rowheader').textContent()).toContain(`Rakul Nýggj ${run}`);
    await row.getByText('Viewer', { exact: true }).waitFor();

    // Password reset e-mail.
    await row.getByRole('button', { name: /^Send password reset/ }).click();
    await page.getByText(`Password reset email sent to ${email}.`).waitFor();

    // Sync Users reports what it created.
    await page.getByRole('button', { name: 'Sync Users' }).click();
    await page.getByText(/^Users synced: 0 profiles created, \d+ repaired\.$/).waitFor();

    // The contributor's card links to their submissions.
    await search(page, contributor.email);
    const card = page.getByRole('listitem').filter({ hasText: contributor.email });
    const link = card.getByRole('link', { name: /^Review submissions/ });
    expect(await link.getAttribute('href')).toBe(
      `/admin/submissions?q=${encodeURIComponent(contributor.email)}`,
    );

    // Delete: a user with uploads gets the stronger warning; their upload stays.
    const uploader = await createStaffViaApi(admin, {
      email: `uploader-${run}@example.org`,
      password: 'uploader-pw-1',
      role: 'editor',
      fullName: `Uploader ${run}`,
    });
    const uploaderContext = await newVisitor(browser());
    await signInViaApi(uploaderContext, `uploader-${run}@example.org`, 'uploader-pw-1');
    const item = await uploadMediaViaApi(uploaderContext, { title: `Left behind ${run}` });
    await uploaderContext.close();
    await search(page, `uploader-${run}`);
    await rowOf(page, `uploader-${run}`)
      .getByRole('button', { name: /^Delete/ })
      .click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText(/has uploaded 1 items\. Deleting this user cannot be undone\./).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('User deleted successfully!').waitFor();
    await expect
      .poll(
        async () =>
          (await page.getByText(/^Showing \d+ of \d+ users/).textContent())?.match(/^Showing (\d+) of/)?.[1],
      )
      .toBe('0');
    const kept = await admin.request.get(`/api/media/${item.id}`);
    expect(kept.status()).toBe(200);
    expect(uploader.id).toBeTruthy();
    await admin.close();
  });

  it("deactivating a signed-in user ends that user's session at once", async () => {
    const admin = await adminContext(browser());
    const email = `leaver-${run}@example.org`;
    await createStaffViaApi(admin, {
      email,
      password: 'leaver-pw-1',
      role: 'editor',
      fullName: `Leaver ${run}`,
    });
    const editor = await newVisitor(browser());
    await signInViaApi(editor, email, 'leaver-pw-1');
    const editorPage = await editor.newPage();
    await editorPage.goto('/admin/profile');
    await editorPage.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();

    const page = await admin.newPage();
    await page.goto('/admin/users');
    await search(page, email);
    await rowOf(page, email)
      .getByRole('button', { name: /^Deactivate/ })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('User deactivated.').waitFor();
    await rowOf(page, email).getByText('Deactivated', { exact: true }).waitFor();

    // The editor's next request is refused, and the screen sends them to sign in.
    const refused = await editor.request.get('/api/admin/profile');
    expect(refused.status()).toBe(401);
    expect((await refused.json()).code).toBe('UNAUTHORIZED');
    await editorPage.getByRole('switch', { name: 'E-mail me about new submissions' }).click();
    await editorPage.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('next') === '/admin/profile',
    );
    await admin.close();
    await editor.close();
  });

  it('tells an editor Access Denied, and the server refuses too', async () => {
    const admin = await adminContext(browser());
    const email = `editor-users-${run}@example.org`;
    await createStaffViaApi(admin, { email, password: 'editor-pw-1', role: 'editor' });
    await admin.close();
    const editor = await newVisitor(browser());
    await signInViaApi(editor, email, 'editor-pw-1');
    const page = await editor.newPage();
    await page.goto('/admin/users');
    await page.getByRole('heading', { level: 1, name: DEFAULT_TEXTS['guard.denied.title']!.fo }).waitFor();
    await page.getByText('Only administrators can manage users.').waitFor();
    await page.getByRole('link', { name: 'Back to Admin' }).waitFor();
    await expectNoAxeViolations(page);
    const res = await editor.request.get('/api/admin/users');
    expect((await res.json()).code).toBe('FORBIDDEN');
    const create = await editor.request.post('/api/admin/users', {
      data: { email: 'x@example.org', password: 'secret6' },
      headers: { origin: baseUrl() },
    });
    expect((await create.json()).code).toBe('FORBIDDEN');
    await editor.close();
  });
});
