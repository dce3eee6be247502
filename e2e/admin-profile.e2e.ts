import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
import {
  adminContext,
  createStaffViaApi,
  expectNoAxeViolations,
  newVisitor,
  sharedBrowser,
  signInViaApi,
} from './support.ts';

const browser = sharedBrowser();
const run = randomInt(1_000_000);

async function staff(role: 'editor' | 'viewer', fullName?: string) {
  const admin = await adminContext(browser());
  const email = `${role}-profile-${run}@example.org`;
  const user = await createStaffViaApi(admin, { email, password: `${role}-pw-1`, role, fullName });
  await admin.close();
  const context = await newVisitor(browser());
  await signInViaApi(context, email, `${role}-pw-1`);
  return { context, email, id: user.id };
}

describe('profile', () => {
  it('shows the account, edits the name (trimmed), lists permissions and keeps the notification switch', async () => {
    const { context, email, id } = await staff('editor', `Sámal ${run}`);
    const page = await context.newPage();
    await page.goto('/admin/profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await page.locator('#main-content').getByText(`Sámal ${run}`, { exact: true }).waitFor();
    await page.locator('#main-content').getByText(email, { exact: true }).waitFor();
    await page.getByText(id.slice(0, 8), { exact: true }).waitFor();
    expect(await page.getByText(id, { exact: true }).count()).toBe(0);
    const permissions = page.getByRole('region', { name: 'Your permissions' }).getByRole('listitem');
    expect(await permissions.allTextContents()).toContain('Review submissions');
    expect(await permissions.allTextContents()).not.toContain('Manage users');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByText('Email cannot be changed. Contact an administrator if needed.').waitFor();
    expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('Full name').fill(`   Sámal Nýggjur ${run}  `);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await page.locator('#main-content').getByText(`Sámal Nýggjur ${run}`, { exact: true }).waitFor();
    const saved = await (await context.request.get('/api/admin/profile')).json();
    expect(saved.profile.fullName).toBe(`Sámal Nýggjur ${run}`);

    // The notification opt-in: off by default, kept when switched on.
    const toggle = page.getByRole('switch', { name: 'E-mail me about new submissions' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await page.getByText('You will get an e-mail about new submissions.').waitFor();
    await page.reload();
    await expect
      .poll(() =>
        page.getByRole('switch', { name: 'E-mail me about new submissions' }).getAttribute('aria-checked'),
      )
      .toBe('true');
    await context.close();
  });

  it('is not for viewers (editor or admin only), and the server refuses too', async () => {
    const { context } = await staff('viewer');
    const page = await context.newPage();
    await page.goto('/admin/profile');
    await page.getByRole('heading', { level: 1, name: DEFAULT_TEXTS['guard.denied.title']!.fo }).waitFor();
    const res = await context.request.get('/api/admin/profile');
    expect((await res.json()).code).toBe('FORBIDDEN');
    await context.close();
  });
});
