import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '#server/mail/read-outbox.ts';
import {
  baseUrl,
  dataDir,
  expectNoAxeViolations,
  newVisitor,
  registerViaApi,
  sharedBrowser,
} from './support.ts';

const browser = sharedBrowser();

describe('the public shell', () => {
  it('redirects unknown paths to /', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await page.waitForURL(`${baseUrl()}/`);
    await context.close();
  });

  it('draws the home page from the answers the page carries, asking the API for none of them', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    // me, settings, header document and slideshow, texts, counts, featured, categories, first page.
    expect(asked).toEqual([]);
    await context.close();
  });

  it('has no axe violations on the about and reset-password pages', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    for (const path of ['/about', '/reset-password', '/reset-password?error=INVALID_TOKEN']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectNoAxeViolations(page);
    }
    await context.close();
  });

  it('resets a forgotten password through the mailed link', async () => {
    const context = await newVisitor(browser());
    const user = await registerViaApi(context, 'Forgetful Person');
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Account e-mail').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect
      .poll(() => page.textContent('body'))
      .toContain('If an account exists for that e-mail, a reset link has been sent.');

    // The job queue sends it, moments after the answer.
    const mailTo = () => readOutbox(join(dataDir(), 'outbox')).find((m) => m.includes(`To: ${user.email}`));
    await expect.poll(mailTo).toBeDefined();
    const mail = mailTo();
    const link = mail?.match(/http:\/\/[\d.:]+\/api\/auth\/reset-password\/\S+/)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.waitForURL((url) => url.pathname === '/reset-password' && url.searchParams.has('token'));
    await page.getByLabel('New password').fill('a-new-password');
    await page.getByLabel('Confirm password').fill('a-new-password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => page.textContent('body')).toContain('Your password has been changed.');

    await page.goto('/contributor/login');
    await page.getByLabel('Teldupostur').fill(user.email);
    await page.getByLabel('Loyniorð', { exact: true }).fill('a-new-password');
    await page.getByRole('button', { name: 'Rita inn' }).click();
    await page.waitForURL(`${baseUrl()}/contributor/dashboard`);
    await context.close();
  });

  it('mirrors the menu on a phone', async () => {
    const context = await newVisitor(browser(), { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Valmynd' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expectNoAxeViolations(page);
    await context.close();
  });
});
