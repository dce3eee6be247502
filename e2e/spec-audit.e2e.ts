import { randomInt } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// What an audit of the running archive against both specs' texts found (issue 30 part D), each
// checked with the spec's own words, in the browser of a visitor who reads the site in Faroese.
const browser = sharedBrowser();
const run = randomInt(1e9);

let admin: BrowserContext;
beforeAll(async () => {
  admin = await adminContext(browser());
  await admin.addCookies([{ name: 'archive_language', value: 'fo', url: baseUrl() }]);
}, 60_000);
afterAll(() => admin?.close());

const INTERNAL = { code: 'INTERNAL', message: 'Internal Server Error' };

describe('a staff screen whose data fails to load', () => {
  // admin-back-office.md §8, per screen; the API each screen loads its data from.
  const screens = [
    { path: '/admin/media', api: '/api/admin/media', text: 'Failed to load media data' },
    { path: '/admin/submissions', api: '/api/admin/submissions', text: 'Failed to load submissions' },
    { path: '/admin/documents', api: '/api/admin/documents', text: 'Failed to load documents' },
    { path: '/admin/slideshows', api: '/api/admin/slideshows', text: 'Failed to load slideshows' },
    { path: '/admin/users', api: '/api/admin/users', text: 'Failed to fetch users' },
    { path: '/admin', api: '/api/admin/dashboard', text: 'Failed to load dashboard data' },
    { path: '/admin/profile', api: '/api/admin/profile', text: 'Profile information not available' },
  ];

  for (const { path, api, text } of screens) {
    it(`${path} says '${text}' in English, whatever failed`, async () => {
      const page = await admin.newPage();
      // First the server's own failure, then no answer at all (the connection drops).
      let failure: 'internal' | 'network' = 'internal';
      await page.route(
        (url) => url.pathname === api,
        (route) => (failure === 'internal' ? route.fulfill({ status: 500, json: INTERNAL }) : route.abort()),
      );
      await page.goto(path);
      await page.getByText(text, { exact: true }).waitFor();
      expect(await page.getByText(DEFAULT_TEXTS['error.INTERNAL']!.fo).count()).toBe(0);

      failure = 'network';
      await page.reload();
      await page.getByText(text, { exact: true }).waitFor();
      expect(await page.getByText(DEFAULT_TEXTS['error.NETWORK']!.fo).count()).toBe(0);
      await page.close();
    });
  }
});

it("refuses a screen with the heading 'Access Denied' to a visitor who reads the site in Faroese", async () => {
  const email = `viewer-audit-${run}@example.org`;
  await createStaffViaApi(admin, { email, password: 'viewer-pw-1', role: 'viewer' });
  const context = await newVisitor(browser());
  await context.addCookies([{ name: 'archive_language', value: 'fo', url: baseUrl() }]);
  await signInViaApi(context, email, 'viewer-pw-1');
  const page = await context.newPage();
  await page.goto('/admin/media');
  await page.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
  await page.getByText("You don't have permission to manage media.").waitFor();
  expect(await page.getByText('Eingin atgongd').count()).toBe(0);
  await context.close();
});

describe("the line 'Showing X of Y'", () => {
  it('counts the whole archive as Y and what the search shows as X (items)', async () => {
    const title = `Teljing ${run}`;
    await Promise.all([
      uploadMediaViaApi(admin, { title }),
      uploadMediaViaApi(admin, { title: `Onnur mynd ${run}` }),
    ]);
    const { total } = await (await admin.request.get('/api/admin/media/stats')).json();
    expect(total).toBeGreaterThan(1);
    const page = await admin.newPage();
    await page.goto(`/admin/media?q=${encodeURIComponent(`onki-finst-${run}`)}`);
    await page.getByText(`Showing 0 of ${total} items`, { exact: true }).waitFor();
    await page.goto(`/admin/media?q=${encodeURIComponent(title)}`);
    await page.getByText(`Showing 1 of ${total} items`, { exact: true }).waitFor();
    await page.close();
  });

  it('counts every account as Y and what the search shows as X (users)', async () => {
    const email = `editor-audit-${run}@example.org`;
    await createStaffViaApi(admin, { email, password: 'editor-pw-1', role: 'editor' });
    const { totalUsers } = await (await admin.request.get('/api/admin/users/stats')).json();
    expect(totalUsers).toBeGreaterThan(1);
    const page = await admin.newPage();
    await page.goto(`/admin/users?q=${encodeURIComponent(`onki-finst-${run}`)}`);
    await page.getByText(`Showing 0 of ${totalUsers} users`, { exact: true }).waitFor();
    await page.close();
  });
});

describe('sharing from a browser with neither a share sheet nor the Clipboard API', () => {
  let url: string;
  beforeAll(async () => {
    const item = await uploadMediaViaApi(admin, { title: `Deiling ${run}` });
    url = `${baseUrl()}/media/${item.id}`;
  }, 60_000);

  async function pageWithout(context: BrowserContext, options: { selectionCopy: boolean }): Promise<Page> {
    await context.addInitScript((selectionCopy) => {
      // A page not served over HTTPS has no navigator.clipboard; many desktops have no share sheet.
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
      Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined, configurable: true });
      if (!selectionCopy) document.execCommand = () => false;
    }, options.selectionCopy);
    const page = await context.newPage();
    await page.goto(url);
    return page;
  }

  it("copies the link from a selected field and says 'Link copied to clipboard!'", async () => {
    const context = await newVisitor(browser());
    const page = await pageWithout(context, { selectionCopy: true });
    const said = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await page.getByRole('button', { name: 'Share' }).click();
    expect(await said).toBe('Link copied to clipboard!');
    await context.close();
  });

  it('shows the link selected in a field to copy by hand when the browser copies nothing', async () => {
    const context = await newVisitor(browser());
    const page = await pageWithout(context, { selectionCopy: false });
    await page.getByRole('button', { name: 'Share' }).click();
    const field = page.getByLabel(DEFAULT_TEXTS['share.copy_by_hand']!.fo);
    await expect.poll(() => field.inputValue()).toBe(url);
    await expect
      .poll(() =>
        field.evaluate((input: HTMLInputElement) => [
          document.activeElement === input,
          input.selectionStart,
          input.selectionEnd,
        ]),
      )
      .toEqual([true, 0, url.length]);
    await expectNoAxeViolations(page);
    await context.close();
  });
});

it("shows the contributor's account id truncated to 8 characters, the display id beside it", async () => {
  const context = await newVisitor(browser());
  const user = await registerViaApi(context, 'Kontu Kanning');
  const me = (await (await context.request.get('/api/me')).json()).user as { displayId: string };
  const page = await context.newPage();
  await page.goto('/contributor/dashboard');
  const line = page.getByText(DEFAULT_TEXTS['contributor.dashboard.account_id']!.fo);
  await expect.poll(() => line.textContent()).toBe(`Konto-ID: ${user.id.slice(0, 8)} (${me.displayId})`);
  await context.close();
});
