import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '#common/language-cookie.ts';
import { imageFixture } from '#server/test/fixtures.ts';
import {
  adminContext,
  baseUrl,
  expectNoAxeViolations,
  newVisitor,
  sharedBrowser,
  uploadMediaViaApi,
} from './support.ts';

/** Issue 28: an original date is read as it is written, said back, and refused when it cannot be. */
const browser = sharedBrowser();
const run = randomInt(1e9);
const UNREADABLE_FO = 'Hendan dagfestingin kundi ikki lesast.';

describe('the original date of a sending', () => {
  it('says how it is understood while it is typed, refuses what cannot be read, and the item says it back in fo and en', async () => {
    const visitor = await newVisitor(browser());
    const page = await visitor.newPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/'))
        sent.push(request.url());
    });
    await page.goto('/submit');
    const title = `Brúdleyp í Gøtu ${run}`;
    await page.getByLabel('Heiti *').fill(title);
    await page
      .getByLabel('Fílur at senda')
      .setInputFiles(await imageFixture('jpeg', { name: `brudleyp-${run}.jpg`, width: 90, height: 60 }));
    const date = page.getByLabel('Upprunadato', { exact: true });

    await date.fill('kvøldið áðrenn');
    await expect.poll(() => page.textContent('form')).toContain(UNREADABLE_FO);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    // Refused before anything is sent: the field says why and holds the focus.
    await expect.poll(() => date.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    await expectNoAxeViolations(page);

    await date.fill('summarið 1962');
    await expect.poll(() => page.textContent('form')).toContain('Skilt sum: summarið 1962');
    // The hint is the field's description, read out with it.
    const describedBy = (await date.getAttribute('aria-describedby')) ?? '';
    const descriptions = await Promise.all(
      describedBy.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(descriptions.join(' ')).toContain('Skilt sum: summarið 1962');
    const answer = page.waitForResponse(
      (response) => response.url().endsWith('/api/submissions') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const submission = (await (await answer).json()).submission as { id: string };

    const admin = await adminContext(browser());
    const approved = await admin.request.patch(`/api/admin/submissions/${submission.id}`, {
      data: { status: 'approved' },
      headers: { origin: baseUrl() },
    });
    expect(approved.status()).toBe(200);
    const found = await admin.request.get(`/api/admin/media?q=${encodeURIComponent(title)}`);
    const [item] = (await found.json()).items as { id: string }[];
    await admin.request.patch(`/api/admin/media/${item!.id}`, {
      data: { isPublic: true },
      headers: { origin: baseUrl() },
    });
    await admin.close();

    const field = (label: string) =>
      page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    await page.goto(`/media/${item!.id}`);
    await expect.poll(() => field('Original date').textContent()).toBe('summarið 1962');
    await visitor.addCookies([{ name: LANGUAGE_COOKIE, value: 'en', url: baseUrl() }]);
    await page.evaluate(() => localStorage.setItem('archive_language', 'en'));
    await page.goto(`/media/${item!.id}`);
    await expect.poll(() => field('Original date').textContent()).toBe('summer 1962');
    await visitor.close();
  }, 90_000);

  it('is refused with the reason when the form is sent without script, and what was typed stays', async () => {
    const visitor = await newVisitor(browser(), { javaScriptEnabled: false });
    const page = await visitor.newPage();
    await page.goto('/submit');
    await page.getByLabel('Heiti *').fill(`Uttan skript ${run}`);
    await page
      .getByLabel('Fílur at senda')
      .setInputFiles(await imageFixture('png', { name: `uttan-${run}.png`, width: 50, height: 40 }));
    await page.getByLabel('Upprunadato', { exact: true }).fill('30.2.1952');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.textContent('form')).toContain('Hesin dagur er ikki til.');
    expect(await page.getByLabel('Upprunadato', { exact: true }).inputValue()).toBe('30.2.1952');
    expect(await page.getByLabel('Heiti *').inputValue()).toBe(`Uttan skript ${run}`);
    await visitor.close();
  }, 60_000);

  it('is said back while staff edit it, and what cannot be read is refused in the dialog', async () => {
    const admin = await adminContext(browser());
    const title = `Dagfest ${run}`;
    const item = await uploadMediaViaApi(admin, { title, fields: { originalDate: '1930' } });
    const page = await admin.newPage();
    await page.goto(`/admin/media?q=${encodeURIComponent(title)}`);
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Media' });
    const date = dialog.getByLabel('Original date');
    await expect.poll(() => dialog.textContent()).toContain('Skilt sum: 1930');
    await date.fill('kvøldið');
    await expect.poll(() => dialog.textContent()).toContain(UNREADABLE_FO);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => date.getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    await date.fill('c. 1950s');
    await expect.poll(() => dialog.textContent()).toContain('Skilt sum: umleið 1950-árini');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Media updated successfully!').waitFor();
    const saved = (await (await admin.request.get(`/api/media/${item.id}`)).json()).media;
    expect(saved).toMatchObject({ originalDate: 'c. 1950s', originalDateEdtf: '1950~/1959~' });
    await admin.close();
  }, 60_000);
});
