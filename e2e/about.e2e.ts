import { describe, expect, it } from 'vitest';
import { baseUrl, expectNoAxeViolations, newVisitor, sharedBrowser } from './support.ts';

const browser = sharedBrowser();

// public-site.md §2 "About page": every section and every link, in order.
describe('the about page', () => {
  it('has every section of the spec', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'Um okkum' }).waitFor();
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual([
      'How it works',
      'Two ways to contribute',
      'Why contribute?',
      'What we are looking for',
      'Quality guidelines',
      'The review process',
    ]);
    const steps = page.getByRole('list').filter({ hasText: '1. Give a contribution' });
    await expect(steps.getByRole('listitem').allTextContents()).resolves.toEqual([
      expect.stringContaining('Photos, video, audio and documents'),
      expect.stringContaining('quality, historical significance and suitability for public release'),
      expect.stringContaining('Approved material becomes available to everyone'),
    ]);
    for (const text of [
      'Anonymous submission',
      'Registered contributor',
      'Preserve memories',
      'Global access',
      'Safe and secure',
      'Recognition',
      'Historical photographs',
      'Documents and records',
      'Audio and video',
      'Historical significance',
      'Good quality',
      'Rights cleared',
      'Expert assessment by historians and archivists.',
      '3-7 business days',
    ]) {
      await expect(page.getByText(text, { exact: false }).first().isVisible(), text).resolves.toBe(true);
    }
    await expectNoAxeViolations(page);
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
