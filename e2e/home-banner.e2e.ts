import { randomInt } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminContext,
  baseUrl,
  expectNoAxeViolations,
  newVisitor,
  putSettingsViaApi,
  sharedBrowser,
} from './support.ts';

const browser = sharedBrowser();
const run = randomInt(1_000_000);

let admin: BrowserContext;
/** The settings as they were, put back at the end so later files see the archive unchanged. */
let settingsBefore: Record<string, string> = {};

beforeAll(async () => {
  admin = await adminContext(browser());
  settingsBefore = (await (await admin.request.get('/api/settings/public')).json()).settings;
});

afterAll(async () => {
  const keys = ['site_title', 'site_description'];
  await putSettingsViaApi(admin, Object.fromEntries(keys.map((k) => [k, settingsBefore[k] ?? ''])));
  await admin.close();
});

const banner = (page: Page) =>
  page
    .getByRole('main')
    .locator('section')
    .filter({ has: page.locator('h1') });

// public-site.md §3 site_settings: site_title and site_description are the home page's banner.
describe('the home banner', () => {
  it('shows the site_title and site_description settings, and follows an admin’s change', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: settingsBefore.site_title, exact: true }).waitFor();
    expect(await banner(page).textContent()).toContain(settingsBefore.site_description);

    const title = `Søgusavnið ${run}`;
    const description = `Gamlar myndir úr bygdini ${run}`;
    await putSettingsViaApi(admin, { site_title: title, site_description: description });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    expect(await banner(page).textContent()).toContain(description);
    expect(await banner(page).textContent()).not.toContain(settingsBefore.site_description);
    await expectNoAxeViolations(page);
    await context.close();
  });
});

/**
 * Makes the page see `overrides` in the public settings, whatever the server holds: in the answer
 * embedded in the page and in any later request. So the web's own rule is tested even for a value
 * the server would now refuse (one stored before the rule existed).
 */
async function serveSettings(page: Page, overrides: Record<string, string>) {
  await page.route(`${baseUrl()}/`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /(<script type="application\/json" id="boot-data">)(.*?)(<\/script>)/s,
      (_all, open: string, json: string, close: string) => {
        const data = JSON.parse(json);
        const answer = data['/api/settings/public'];
        if (answer) answer.settings = { ...answer.settings, ...overrides };
        return `${open}${JSON.stringify(data).replace(/</g, '\\u003c')}${close}`;
      },
    );
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ status: response.status(), headers, body: html });
  });
  await page.route('**/api/settings/public', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, settings: { ...body.settings, ...overrides } } });
  });
}

// The custom document card links only to http(s) URLs and paths on this site (common/safe-url.ts).
describe('the custom document card', () => {
  const card = {
    custom_card_enabled: 'true',
    custom_card_show_above_gallery: 'true',
    custom_card_show_in_header: 'true',
    custom_card_title: `Kortið ${run}`,
    custom_card_button_text: `Tak niður ${run}`,
  };

  it('offers its download for an http(s) URL or a path on this site', async () => {
    for (const url of ['https://example.org/skra.pdf', '/files/documents/skra.pdf']) {
      const context = await newVisitor(browser());
      const page = await context.newPage();
      await serveSettings(page, { ...card, custom_card_file_url: url });
      await page.goto('/');
      await page.getByRole('heading', { name: card.custom_card_title }).waitFor();
      const buttons = page.getByRole('button', { name: card.custom_card_button_text });
      // One in the card above the gallery, one in the header's bar.
      await expect.poll(() => buttons.count(), { message: url }).toBe(2);
      await context.close();
    }
  });

  it('links nowhere for javascript:, data:, another site or anything else', async () => {
    for (const url of [
      'javascript:alert(document.domain)',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/skra.pdf',
      '/\\evil.example/skra.pdf',
      'vbscript:msgbox(1)',
    ]) {
      const context = await newVisitor(browser());
      const page = await context.newPage();
      await serveSettings(page, { ...card, custom_card_file_url: url });
      await page.goto('/');
      // The card itself still shows its title, but offers nothing to follow.
      const heading = page.getByRole('heading', { name: card.custom_card_title });
      await heading.waitFor();
      expect(await page.getByRole('button', { name: card.custom_card_button_text }).count(), url).toBe(0);
      expect(await page.getByText(card.custom_card_button_text).count(), url).toBe(0);
      const hrefs = await page
        .locator('a[href]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(
        hrefs.filter((href) => href?.includes('evil') || /^\s*(javascript|data|vbscript):/i.test(href ?? '')),
        url,
      ).toEqual([]);
      await context.close();
    }
  });
});
