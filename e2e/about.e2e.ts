import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseUrl, expectNoAxeViolations, newVisitor, sharedBrowser } from './support.ts';

const browser = sharedBrowser();

// public-site.md §2 "About page": every section and every link, in order.
describe('the about page', () => {
  it('has every section of the spec, in the spec’s words', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'Um okkum' }).waitFor();
    const main = page.getByRole('main');
    const headings = await main.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual([
      'How it works',
      'Two ways to contribute',
      'Why contribute?',
      'What is wanted',
      'Quality guidelines',
      'Review process',
      // Not the spec's: the OAI-PMH address for harvesters (issue 26 §3), the catalogue (issue 27 §3).
      'Opið fyri savnarum',
      'Skráin at taka niður',
      // Issue 28: the sources of the map and of the place list, as their licences ask.
      'Kortið og keldur tess',
    ]);
    /** The items of the list under the level-2 heading `section` (the `nth` list there). */
    const items = (section: string, nth = 0) =>
      main
        .locator('section')
        .filter({ has: page.getByRole('heading', { level: 2, name: section, exact: true }) })
        .getByRole('list')
        .nth(nth)
        .locator(':scope > li')
        .evaluateAll((lis) => lis.map((li) => (li as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));

    // 1 give a contribution, 2 approval, 3 public archive.
    expect(await items('How it works')).toEqual([
      '1. Give a contribution Photos, video, audio, documents',
      '2. Approval The administration team assesses quality, historical significance and suitability for public release.',
      '3. Public archive Approved material becomes available to everyone.',
    ]);
    // Anonymous submission and registered contributor, each with the spec's four points.
    expect(await main.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      '1. Give a contribution',
      '2. Approval',
      '3. Public archive',
      'Anonymous submission',
      'Registered contributor',
    ]);
    expect(await items('Two ways to contribute', 0)).toEqual([
      'No registration',
      'Privacy protected',
      'Expert curation',
      'Credit',
    ]);
    expect(await items('Two ways to contribute', 1)).toEqual([
      'Track submissions and status',
      'Personal dashboard with profile and statistics',
      'Priority review',
      'Community recognition',
    ]);
    expect(await items('Why contribute?')).toEqual([
      'Preserve memories',
      'Global access',
      'Safe and secure',
      'Recognition',
    ]);
    expect(await items('What is wanted')).toEqual([
      'Historical photographs',
      'Documents and records',
      'Audio and video',
    ]);
    expect(await items('Quality guidelines')).toEqual([
      'Historical significance',
      'Good quality',
      'Proper context with dates, locations and people',
      'Rights cleared',
    ]);
    expect(await items('Review process')).toEqual([
      'Initial review for technical quality and relevance.',
      'Expert assessment by historians and archivists.',
      'Publication into the permanent archive.',
    ]);
    // The claims of public-site.md §1.
    const text = await main.innerText();
    expect(text).toContain(
      'Average review time is 3-7 business days, and about 85% of quality submissions are approved. Registered contributors receive priority review.',
    );
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('credits the project in the footer, linking to its own page', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/submit');
    const footer = page.getByRole('contentinfo');
    const credit = footer.getByRole('link', { name: 'Developed by the Myndasavn project', exact: true });
    await credit.waitFor();
    expect(await footer.getByRole('link').count()).toBe(1);
    expect(await credit.getAttribute('href')).toBe('/about');
    expect(await credit.getAttribute('target')).toBe(null);
    // The submit page settles first: a click while it still draws could land beside the link.
    await page.waitForLoadState('networkidle');
    await credit.click();
    await page.waitForURL(`${baseUrl()}/about`);
    await page.getByRole('heading', { level: 1, name: 'Um okkum' }).waitFor();
    await context.close();
  });

  it('links where the spec says, and each link works', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'Um okkum' }).waitFor();
    const main = page.getByRole('main');
    const hrefs = async (name: string) =>
      main
        .getByRole('link', { name, exact: true })
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(await hrefs('Submit Media Now')).toEqual(['/submit', '/submit']);
    expect(await hrefs('Register as Contributor')).toEqual(['/contributor/register']);
    expect(await hrefs('Join as Contributor')).toEqual(['/contributor/register']);
    expect(await hrefs('Already have an account? Sign in')).toEqual(['/contributor/login']);

    await main.getByRole('link', { name: 'Join as Contributor' }).click();
    await page.waitForURL(`${baseUrl()}/contributor/register`);
    await page.goBack();
    await main.getByRole('link', { name: 'Submit Media Now' }).last().click();
    await page.waitForURL(`${baseUrl()}/submit`);
    await context.close();
  });

  it('downloads the public catalogue as CSV and JSON from its links', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'Um okkum' }).waitFor();
    const main = page.getByRole('main');
    const download = async (name: string) => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        main.getByRole('link', { name, exact: true }).click(),
      ]);
      return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
    };
    const csv = await download('Skráin sum CSV');
    expect(csv.name).toBe('catalogue.csv');
    expect(csv.text).toMatch(/^\uFEFFdisplay_id,dc\.title\[fo\],dc\.creator,/);
    const json = await download('Skráin sum JSON');
    expect(json.name).toBe('catalogue.json');
    expect(Array.isArray(JSON.parse(json.text))).toBe(true);
    await context.close();
  });

  it('credits the map’s and the place list’s sources, in Faroese and English, with links', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    const credits = async () => {
      await page.getByRole('heading', { level: 1 }).waitFor();
      const section = page
        .getByRole('main')
        .locator('section')
        .filter({
          has: page.getByRole('heading', {
            level: 2,
            name: /^(Kortið og keldur tess|The map and its sources)$/,
          }),
        });
      return section.getByRole('listitem').evaluateAll((lis) =>
        lis.map((li) => ({
          text: (li as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
          href: li.querySelector('a')?.getAttribute('href'),
        })),
      );
    };
    await page.goto('/about');
    expect(await credits()).toEqual([
      {
        text: 'Strandarlinjan: Natural Earth (alment ogn) · naturalearthdata.com',
        href: 'https://www.naturalearthdata.com/',
      },
      { text: 'Kortið verður teknað við Leaflet · leafletjs.com', href: 'https://leafletjs.com/' },
      {
        text: 'Staðarnøvn og hnit © OpenStreetMap íkastarar, ODbL 1.0 · Upphavsrættur og loyvi hjá OpenStreetMap',
        href: 'https://www.openstreetmap.org/copyright',
      },
    ]);
    await expectNoAxeViolations(page);
    // The server writes the page in the visitor's language (the cookie the language switch sets).
    await context.addCookies([{ name: 'archive_language', value: 'en', url: baseUrl() }]);
    await context.addInitScript(() => localStorage.setItem('archive_language', 'en'));
    await page.goto('/about');
    expect((await credits())[2]).toEqual({
      text: 'Place names and coordinates © OpenStreetMap contributors, ODbL 1.0 · OpenStreetMap copyright and licence',
      href: 'https://www.openstreetmap.org/copyright',
    });
    await context.close();
  });

  it('starts a new page at the top, and Back returns to where the visitor was', async () => {
    const context = await newVisitor(browser(), { viewport: { width: 390, height: 700 } });
    const page = await context.newPage();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'Um okkum' }).waitFor();
    const link = page.getByRole('main').getByRole('link', { name: 'Join as Contributor' });
    await link.scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(300);
    await link.click();
    await page.waitForURL(`${baseUrl()}/contributor/register`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Um okkum' }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(y - 5);
    await context.close();
  });
});
