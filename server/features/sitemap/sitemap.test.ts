import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMediaMany } from '#server/test/factories.ts';
import { createTestApp, TEST_ORIGIN, type TestApp } from '#server/test/harness.ts';
import { createSitemaps } from './sitemap.service.ts';

/** robots.txt and the sitemaps (issue 26 §7). */
let t: TestApp;
let publicIds: string[];
let privateIds: string[];
beforeAll(async () => {
  t = await createTestApp();
  publicIds = (await buildMediaMany(t, 25)).map((r) => r.id);
  privateIds = (await buildMediaMany(t, 3, () => ({ is_public: false }))).map((r) => r.id);
});
afterAll(() => t.close());

/** xmllint's word on whether the text is well-formed XML ('' when it is). */
function notWellFormed(xml: string): string {
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '-'], { input: xml, stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  }
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);

describe('GET /robots.txt', () => {
  it('points to the sitemap and keeps the back office and the API out', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
    expect(res.body).toMatch(/^Disallow: \/admin$/m);
    expect(res.body).toMatch(/^Disallow: \/api\/$/m);
  });
});

describe('GET /sitemap.xml and its pages', () => {
  it('lists every public item once, none of the others, in pages of at most the page size, with lastmod', async () => {
    // Pages of 10 (the real size is 50,000) so the cut between pages is tested.
    const sitemaps = createSitemaps(t.ctx, 10);
    const index = await sitemaps.index();
    expect(notWellFormed(index)).toBe('');
    const pages = locs(index).filter((loc) => loc.includes('/sitemaps/items/'));
    expect(pages).toHaveLength(3);
    expect(index.match(/<lastmod>/g)).toHaveLength(3);
    const seen: string[] = [];
    for (const page of pages) {
      let xml = '';
      for await (const piece of sitemaps.items(page.slice(-40, -4))) xml += piece;
      expect(notWellFormed(xml)).toBe('');
      const urls = locs(xml);
      expect(urls.length).toBeLessThanOrEqual(10);
      expect(xml.match(/<lastmod>/g)).toHaveLength(urls.length);
      seen.push(...urls.map((u) => u.replace(`${TEST_ORIGIN}/media/`, '')));
    }
    expect(seen.sort()).toEqual([...publicIds].sort());
    for (const id of privateIds) expect(seen).not.toContain(id);
  });

  it('is served over HTTP: the index, the site pages and an items page', async () => {
    const index = await t.app.inject('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    const [pagesUrl, itemsUrl] = locs(index.body);
    const pages = await t.app.inject(pagesUrl!.replace(TEST_ORIGIN, ''));
    expect(locs(pages.body)).toContain(`${TEST_ORIGIN}/about`);
    expect(locs(pages.body)).toContain(`${TEST_ORIGIN}/map`);
    const items = await t.app.inject(itemsUrl!.replace(TEST_ORIGIN, ''));
    expect(notWellFormed(items.body)).toBe('');
    expect(locs(items.body)).toHaveLength(publicIds.length);
    expect((await t.app.inject('/sitemaps/items/nothing.xml')).statusCode).toBe(400);
  });
});
