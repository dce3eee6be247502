import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SITE_SETTING_DEFAULTS } from '#common/site-defaults.ts';
import { DEFAULT_TEXTS } from '#common/default-texts/default-texts.ts';
import {
  adminContext,
  baseUrl,
  createStaffViaApi,
  expectNoAxeViolations,
  newVisitor,
  putSettingsViaApi,
  sharedBrowser,
  signInViaApi,
} from './support.ts';

const browser = sharedBrowser();
const run = randomInt(1_000_000);

describe('site settings', () => {
  it('saves the settings an admin changes, and the public home page shows them', async () => {
    const admin = await adminContext(browser());
    try {
      // From the defaults, whatever journeys before this one on the same archive left.
      await putSettingsViaApi(admin, SITE_SETTING_DEFAULTS);
      const page = await admin.newPage();
      await page.goto('/admin/settings');
      await page.getByRole('heading', { level: 1, name: 'Site settings' }).waitFor();
      await page.getByRole('link', { name: 'Manage slideshows' }).waitFor();
      expect(await page.getByRole('link', { name: 'Manage slideshows' }).getAttribute('href')).toBe(
        '/admin/slideshows',
      );
      await expectNoAxeViolations(page);

      const title = `Savnið ${run}`;
      await page.getByLabel('Site title').fill(title);
      await page.getByLabel('Site description').fill(`Gamlar myndir ${run}`);
      await page.getByRole('switch', { name: 'Show the card' }).click();
      await page.getByRole('switch', { name: 'Show above the gallery' }).click();
      await page.getByLabel('Card title').fill(`Mentanarskrá ${run}`);
      // The file link must be http(s) or a path of this site.
      await page.getByLabel('File URL').fill('javascript:alert(1)');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await page
        .getByText('The file link must start with http://, https:// or / (a page of this site).')
        .waitFor();
      await page.getByLabel('File URL').fill('https://example.org/skra.pdf');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await page.getByText('Settings saved successfully!').waitFor();

      // A new visitor's home page carries them (banner title, description and the card above the gallery).
      const visitor = await newVisitor(browser());
      const home = await visitor.newPage();
      await home.goto('/');
      await home.getByRole('heading', { level: 1, name: title }).waitFor();
      await home.getByText(`Gamlar myndir ${run}`).waitFor();
      await home.getByText(`Mentanarskrá ${run}`).first().waitFor();
      await home.getByRole('button', { name: 'Download' }).first().waitFor();
      await visitor.close();

      // Reloaded, the form shows what was saved.
      await page.reload();
      expect(await page.getByLabel('Site title').inputValue()).toBe(title);
      expect(
        await page.getByRole('switch', { name: 'Show above the gallery' }).getAttribute('aria-checked'),
      ).toBe('true');
      expect(
        await page.getByRole('switch', { name: 'Show in the header' }).getAttribute('aria-checked'),
      ).toBe('false');
    } finally {
      // Other journeys share this archive: its settings go back to the defaults.
      await putSettingsViaApi(admin, SITE_SETTING_DEFAULTS);
      await admin.close();
    }
  });

  it('tells an editor Access Denied, and the server refuses too', async () => {
    const admin = await adminContext(browser());
    const email = `editor-settings-${run}@example.org`;
    await createStaffViaApi(admin, { email, password: 'editor-pw-1', role: 'editor' });
    await admin.close();
    const editor = await newVisitor(browser());
    await signInViaApi(editor, email, 'editor-pw-1');
    const page = await editor.newPage();
    await page.goto('/admin/settings');
    await page.getByRole('heading', { level: 1, name: DEFAULT_TEXTS['guard.denied.title']!.fo }).waitFor();
    await page.getByText('Only administrators can access site settings.').waitFor();
    await expectNoAxeViolations(page);
    const res = await editor.request.put('/api/admin/settings', {
      data: { settings: { site_title: 'Editor' } },
      headers: { origin: baseUrl() },
    });
    expect((await res.json()).code).toBe('FORBIDDEN');
    await editor.close();
  });
});
