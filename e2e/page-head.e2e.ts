import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '#common/api/media.ts';
import { ghostscriptPdf } from '#server/test/fixtures.ts';
import { adminContext, newVisitor, sharedBrowser, uploadMediaViaApi } from './support.ts';

// The server writes each page's head (server/web/page-head.ts); the app keeps document.title in
// step when it moves between pages itself (web/app/document-title.ts), in the same format.
const browser = sharedBrowser();
const tag = `sidu${randomInt(1e9)}`;
let pdf: MediaItem;
let hidden: MediaItem;

beforeAll(async () => {
  const admin = await adminContext(browser());
  [pdf, hidden] = await Promise.all([
    uploadMediaViaApi(admin, { title: `Skjal ${tag}`, file: await ghostscriptPdf() }),
    uploadMediaViaApi(admin, { title: `Loynt ${tag}`, fields: { isPublic: 'false' } }),
  ]);
  await admin.close();
}, 120_000);

describe('the title of a page', () => {
  it('follows client-side navigation from the gallery to a media page and back, as the server writes it', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto(`/?q=${tag}`);
    const link = page.getByRole('link', { name: `Skjal ${tag}` });
    await link.waitFor();
    // The site's title (whatever the settings say now) is the home page's whole title.
    const siteTitle = await page.title();
    expect(siteTitle.length).toBeGreaterThan(0);
    expect(siteTitle).not.toContain('–');

    await link.click();
    await page.waitForURL(`**/media/${pdf.id}`);
    await page.getByRole('heading', { level: 1, name: `Skjal ${tag}` }).waitFor();
    await expect.poll(() => page.title()).toBe(`Skjal ${tag} – ${siteTitle}`);

    // The same title when the page is loaded afresh, from the server's head.
    const fresh = await context.newPage();
    const res = await fresh.goto(`/media/${pdf.id}`);
    expect(res?.status()).toBe(200);
    expect(await fresh.title()).toBe(`Skjal ${tag} – ${siteTitle}`);
    await fresh.close();

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => page.title()).toBe(siteTitle);
    await context.close();
  });

  it('is the not-found title on a 404 for an item the visitor may not see, whose page still draws', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    const res = await page.goto(`/media/${hidden.id}`);
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Media Not Found' }).waitFor();
    expect(await page.title()).toMatch(/^Media Not Found – /);
    expect(await page.content()).not.toContain(`Loynt ${tag}`);
    await context.close();
  });
});
