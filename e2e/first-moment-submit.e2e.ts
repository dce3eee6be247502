import { randomInt } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffSubmission } from '#common/api/submissions.ts';
import { imageFixture } from '#server/test/fixtures.ts';
import { adminContext, baseUrl, holdScripts, sharedBrowser, uploadMediaViaApi } from './support.ts';

/**
 * Issue 30 part A: /submit and the gallery's search work from the moment the server's page is on
 * screen (DESIGN.md §4.9). The page's scripts are held back 5 s, as on a slow connection, and the
 * visitor acts inside that window; then the same with no JavaScript at all. These contexts do not
 * wait for `data-page-ready` (support.ts `newVisitor` does): a visitor is not told to wait.
 */
const browser = sharedBrowser();
const word = `fyrst${randomInt(1e6, 1e7)}`;

let admin: BrowserContext;
let photos: string[];

beforeAll(async () => {
  admin = await adminContext(browser());
  await uploadMediaViaApi(admin, { title: `Gøtuvík ${word}` });
  photos = [
    await imageFixture('jpeg', { width: 320, height: 240, name: 'batar.jpg' }),
    await imageFixture('jpeg', { width: 240, height: 320, name: 'kirkjan.jpg' }),
  ];
}, 60_000);
afterAll(() => admin?.close());

/** A visitor of their own address (the allowances are per address), with or without JavaScript. */
function visitor(b: Browser, javaScriptEnabled = true): Promise<BrowserContext> {
  return b.newContext({
    baseURL: baseUrl(),
    javaScriptEnabled,
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
  });
}

/** The submissions staff see with `title` (the review screen's own API). */
async function staffSees(title: string): Promise<StaffSubmission[]> {
  const res = await admin.request.get(`/api/admin/submissions?q=${encodeURIComponent(title)}`);
  expect(res.status()).toBe(200);
  return (await res.json()).items;
}

describe('the first moment: scripts held back 5 s', () => {
  it('/submit: two photos picked before the script arrives are listed with their fields when it does, and sent', async () => {
    const context = await visitor(browser());
    const page = await context.newPage();
    const held = await holdScripts(page);
    await page.goto('/submit', { waitUntil: 'commit' });
    const picker = page.getByLabel('Fílur at senda');
    await picker.waitFor({ state: 'attached' });
    await picker.setInputFiles(photos);
    expect(await held.inWindow()).toEqual({ live: false, held: true });

    // The script arrives and takes over what was picked: both listed, each with its own fields.
    await held.live();
    await expect.poll(() => page.textContent('body')).toContain('Valdar fílur (2)');
    const files = page.getByRole('region', { name: 'Valdar fílur (2)' });
    for (const name of ['batar.jpg', 'kirkjan.jpg']) expect(await files.getByText(name).count()).toBe(1);
    const details = page.getByRole('button', { name: 'Broyt upplýsingar' });
    expect(await details.count()).toBe(2);
    await details.first().click();
    await page.getByLabel('Heiti á hesi fíluni').fill(`Bátar ${word}`);

    const title = `Fyrsta løta ${word}`;
    await page.getByLabel('Heiti *').fill(title);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => page.textContent('body'), { timeout: 30_000 }).toContain('Takk fyri!');
    expect(await page.textContent('body')).toContain('Tínar 2 fílur eru móttiknar.');

    // Staff see both: the one with its own title and the other with the general one.
    const seen = [...(await staffSees(word))].sort((a, b) => a.fileName.localeCompare(b.fileName));
    expect(seen.map((s) => [s.fileName, s.title, s.status])).toEqual([
      ['batar.jpg', `Bátar ${word}`, 'pending'],
      ['kirkjan.jpg', title, 'pending'],
    ]);
    await context.close();
  }, 90_000);

  it('searches the gallery: the results come while the scripts are still held back', async () => {
    const context = await visitor(browser());
    const page = await context.newPage();
    const held = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const search = page.getByLabel('Leita', { exact: true });
    await search.waitFor();
    await search.fill(word);
    await search.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === word, { waitUntil: 'commit' });
    const results = page.getByRole('list', { name: 'Úrslit' });
    await results.getByRole('link', { name: `Gøtuvík ${word}` }).waitFor();
    expect(await held.inWindow()).toEqual({ live: false, held: true });
    await context.close();
  }, 60_000);
});

describe('without JavaScript', () => {
  it('/submit sends two photos with the general details in one form and shows the confirmation', async () => {
    const context = await visitor(browser(), false);
    const page = await context.newPage();
    await page.goto('/submit');
    const title = `Uttan skrift ${word}`;
    // The browser's own picker, there to be used (the drawn button needs the script).
    const picker = page.getByLabel('Fílur at senda');
    expect(await picker.isVisible()).toBe(true);
    await picker.setInputFiles(photos);
    await page.getByLabel('Heiti *').fill(title);
    await page.getByLabel('Lýsing', { exact: true }).fill('Sent uttan JavaScript');
    await page.getByLabel('Títt navn').fill('Jóannes');
    await page.getByLabel('Teldupostur').fill('joannes@example.org');
    const answer = page.waitForResponse(
      (res) => res.request().method() === 'POST' && res.url().endsWith('/submit'),
    );
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    expect((await answer).status()).toBe(200);
    await page.getByRole('heading', { name: 'Takk fyri!' }).waitFor();
    expect(await page.textContent('body')).toContain('Tínar 2 fílur eru móttiknar.');
    // 'Send eitt annað' is a link back to the empty form: it works without script too.
    expect(await page.getByRole('link', { name: 'Send eitt annað' }).getAttribute('href')).toBe('/submit');

    const seen = await staffSees(title);
    expect(seen.map((s) => s.fileName).sort()).toEqual(['batar.jpg', 'kirkjan.jpg']);
    for (const submission of seen) {
      expect(submission).toMatchObject({ title, status: 'pending', submitterName: 'Jóannes' });
    }
    await context.close();
  }, 60_000);

  it('/submit without a title: the page says so at the field and keeps what was typed', async () => {
    const context = await visitor(browser(), false);
    const page = await context.newPage();
    await page.goto('/submit');
    await page.getByLabel('Fílur at senda').setInputFiles(photos.slice(0, 1));
    await page.getByLabel('Títt navn').fill('Jóannes');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Heiti er kravt').waitFor();
    expect(await page.getByLabel('Títt navn').inputValue()).toBe('Jóannes');
    expect(await page.getByLabel('Heiti *').getAttribute('aria-invalid')).toBe('true');
    await context.close();
  }, 60_000);
});
