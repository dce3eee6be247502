import { randomInt } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
import {
  adminContext,
  baseUrl,
  createTranslationViaApi,
  E2E_ADMIN,
  expectNoAxeViolations,
  newVisitor,
  sharedBrowser,
} from './support.ts';

const browser = sharedBrowser();
const run = randomInt(1_000_000);
const fo = (key: string) => DEFAULT_TEXTS[key]!.fo;

/** The error text tied to a field: its aria-describedby target, once the field is marked invalid. */
async function fieldError(field: Locator): Promise<string> {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const ids = (await field.getAttribute('aria-describedby'))!.split(' ');
  const texts = await Promise.all(
    ids.map((id) =>
      field
        .page()
        .locator(`#${CSS.escape(id)}`)
        .textContent(),
    ),
  );
  return texts.join(' ');
}

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name'));

// Node has no CSS.escape; React's useId ids (":r1:") need it.
const CSS = { escape: (id: string) => id.replace(/([^\w-])/g, '\\$1') };

describe('a form', () => {
  it('shows its own checks on the fields, tied to them, and moves focus to the first', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/contributor/register');
    await page.getByRole('button', { name: fo('contributor.register.submit'), exact: true }).click();
    const name = page.getByLabel(fo('contributor.register.name'));
    expect(await fieldError(name)).toContain(fo('contributor.register.required'));
    expect(await focusedName(page)).toBe('name');
    expect(await name.getAttribute('aria-required')).toBe('true');
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("puts a server's refusal of a value on its field, in the reader's language", async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/contributor/register');
    await page.getByLabel(fo('contributor.register.name')).fill('Annar Íkastari');
    await page.getByLabel(fo('contributor.register.email')).fill(`annar-${Date.now()}@example.org`);
    // Only the server knows the longest password it takes (128 characters).
    const tooLong = 'x'.repeat(129);
    const password = page.getByLabel(fo('contributor.register.password'), { exact: true });
    await password.fill(tooLong);
    await page.getByLabel(fo('contributor.register.confirm')).fill(tooLong);
    await page.getByRole('button', { name: fo('contributor.register.submit'), exact: true }).click();
    // Its answer lands on the password field, in Faroese.
    expect(await fieldError(password)).toContain(fo('error.PASSWORD_TOO_LONG'));
    expect(await focusedName(page)).toBe('password');
    expect(page.url()).toBe(`${baseUrl()}/contributor/register`);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it("puts a server VALIDATION_ERROR's issues on their fields", async () => {
    const admin = await adminContext(browser());
    const page = await admin.newPage();
    await page.goto('/admin/translations');
    await page.getByRole('button', { name: 'Add Translation' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Key').fill(`e2e.forms.${run}`);
    await dialog.getByLabel('Faroese text').fill('Royndartekstur');
    // A client whose checks differ from the server's (an older build, say): the key it sends has a
    // space, which the real server refuses with VALIDATION_ERROR and the issue's path.
    await page.route('**/api/admin/translations', async (route) => {
      const body = route.request().postDataJSON();
      await route.continue({ postData: JSON.stringify({ ...body, key: `${body.key} with spaces` }) });
    });
    const answer = page.waitForResponse('**/api/admin/translations');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const response = await answer;
    expect(response.status()).toBe(400);
    expect((await response.json()).issues).toEqual([expect.objectContaining({ path: 'key' })]);
    const key = dialog.getByLabel('Key');
    expect(await fieldError(key)).toContain('Key must not contain spaces');
    expect(await focusedName(page)).toBe('key');
    await expectNoAxeViolations(page);
    await page.unroute('**/api/admin/translations');

    // A refusal with its own code lands on its field too: a key that is taken.
    const existing = await createTranslationViaApi(admin, {
      key: `e2e.forms.taken.${run}`,
      faroeseText: 'Tikið',
    });
    await key.fill(existing.key);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => fieldError(key)).toContain(DEFAULT_TEXTS['admin.translations.duplicate']!.en!);

    // And a good one closes the dialog with the green message.
    await key.fill(`e2e.forms.new.${run}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByText('Translation created successfully!').count()).toBe(1);
    // Focus went back to the button that opened the dialog.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Add Translation');
    await admin.close();
  });

  it('sends a user whose session ended during a change to sign in, and back afterwards', async () => {
    const admin = await adminContext(browser());
    const page = await admin.newPage();
    await page.goto('/admin/translations');
    await page.getByRole('button', { name: 'Add Translation' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Key').fill(`e2e.forms.expired.${run}`);
    await dialog.getByLabel('Faroese text').fill('Útgingið');

    // The session ends on the server (signed out elsewhere) while the form is open.
    const out = await admin.request.post('/api/auth/sign-out', { data: {}, headers: { origin: baseUrl() } });
    expect(out.status()).toBe(200);
    const answer = page.waitForResponse('**/api/admin/translations');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await answer).status()).toBe(401);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/translations');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl()}/admin/translations`);
    await admin.close();
  });
});
