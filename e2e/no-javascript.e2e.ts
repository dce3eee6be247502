import { randomInt } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '#common/api/media.ts';
import { adminContext, baseUrl, sharedBrowser, uploadMediaViaApi } from './support.ts';

/**
 * The public pages read without JavaScript (issue 14 part 2): the server draws them whole, links
 * are links and the search is a form sent by GET. The browser here runs no script at all.
 */
const browser = sharedBrowser();
const word = `nojs${randomInt(1e6, 1e7)}`;

let visitor: BrowserContext;
let found: MediaItem;
let other: MediaItem;

beforeAll(async () => {
  const admin = await adminContext(browser());
  found = await uploadMediaViaApi(admin, {
    title: `Gøta havn ${word}`,
    fields: { photographer: 'Jákup á Dul', location: 'Norðragøta' },
  });
  other = await uploadMediaViaApi(admin, { title: `Kirkjubøur ${randomInt(1e6)}` });
  await admin.close();
  visitor = await browser().newContext({ baseURL: baseUrl(), javaScriptEnabled: false });
});

afterAll(() => visitor?.close());

describe('without JavaScript', () => {
  it('the home page shows the first page of the gallery, each title a link to its page', async () => {
    const page = await visitor.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Savnið' }).waitFor();
    const results = page.getByRole('list', { name: 'Úrslit' });
    for (const item of [found, other]) {
      const link = results.getByRole('link', { name: item.title });
      expect(await link.getAttribute('href')).toBe(`/media/${item.id}`);
    }
    // A link works as a link: it opens the item's own page, drawn by the server.
    await results.getByRole('link', { name: found.title }).click();
    await page.waitForURL(`**/media/${found.id}`);
    await page.getByRole('heading', { level: 1, name: found.title }).waitFor();
    await page.close();
  });

  it('searches with a form sent by GET, and the results come drawn from the server', async () => {
    const page = await visitor.newPage();
    await page.goto('/');
    await page.getByLabel('Leita', { exact: true }).fill(word);
    await page.getByLabel('Leita', { exact: true }).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === word);
    const results = page.getByRole('list', { name: 'Úrslit' });
    await results.getByRole('link', { name: found.title }).waitFor();
    expect(await results.getByRole('link').count()).toBe(1);
    expect(await page.getByLabel('Leita', { exact: true }).inputValue()).toBe(word);
    await page.close();
  });

  it('a media page shows its picture, its fields and its download link', async () => {
    const page = await visitor.newPage();
    const picture = page.waitForResponse(
      (res) => res.url().includes(`/files/media/${found.id}/`) && res.request().resourceType() === 'image',
    );
    await page.goto(`/media/${found.id}`);
    expect((await picture).status()).toBe(200);
    const image = page.getByRole('img', { name: found.title });
    await image.waitFor();
    expect(await image.isVisible()).toBe(true);
    const photographer = page.getByRole('definition').filter({ hasText: 'Jákup á Dul' });
    expect(await photographer.count()).toBe(1);
    expect(await page.getByRole('definition').filter({ hasText: 'Norðragøta' }).count()).toBe(1);
    const download = page.getByRole('link', { name: 'Download' });
    const href = (await download.getAttribute('href')) ?? '';
    expect(href).toContain(`/files/media/${found.id}/download`);
    const file = await visitor.request.get(href);
    expect(file.status()).toBe(200);
    await page.close();
  });

  it('a missing item’s page says so, and the contributor dashboard shows the way to sign in', async () => {
    const page = await visitor.newPage();
    const missing = await page.goto('/media/00000000-0000-4000-8000-000000000000');
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Media Not Found' }).waitFor();
    await page.goto('/contributor/dashboard');
    const signIn = page.getByRole('main').getByRole('link', { name: 'Rita inn', exact: true });
    expect(await signIn.getAttribute('href')).toBe(
      `/contributor/login?next=${encodeURIComponent('/contributor/dashboard')}`,
    );
    await page.close();
  });

  it('the about page reads whole', async () => {
    const page = await visitor.newPage();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'Um okkum' }).waitFor();
    const sections = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(sections).toEqual(
      expect.arrayContaining([
        'How it works',
        'Why contribute?',
        'Two ways to contribute',
        'Quality guidelines',
      ]),
    );
    expect(await page.getByRole('link', { name: 'Submit Media Now' }).first().getAttribute('href')).toBe(
      '/submit',
    );
    expect(await page.getByRole('contentinfo').textContent()).toContain('Mentanardagar');
    await page.close();
  });
});
