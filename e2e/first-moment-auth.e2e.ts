import { randomInt } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  CONFIRMATION_LINK,
  E2E_ADMIN,
  mailedLink,
  newVisitor,
  registerViaApi,
  sharedBrowser,
} from './support.ts';

/**
 * The sign-in, registration and reset forms work from the moment they are on screen (issue 30
 * part A; DESIGN.md §4 item 9), not once the page's script has taken the page over. The visitor
 * here does not wait for the page to be ready (no `data-page-ready` wait): every script of the
 * site is held back, at least 5 s and until the journey is done, as on a phone on a slow
 * connection, and each journey is done inside that window, pressing once. Each result must be on
 * screen within a bound well under 5 s of the press, while no script has been let through yet (so
 * the server answered it), and then, once the scripts come, end as it does when the visitor
 * waits. Then the same with JavaScript off.
 */
const browser = sharedBrowser();
const HOLD_MS = 5_000;
/** Well inside the hold: a result seen by then came from the server, not from a script. */
const WITHIN_HOLD = { timeout: 3_500 };

let contributor: { email: string; password: string };

beforeAll(async () => {
  const context = await newVisitor(browser());
  contributor = await registerViaApi(context, `Fyrsta Løta ${randomInt(1e6)}`);
  await context.close();
});

interface SlowVisitor {
  context: BrowserContext;
  page: Page;
  /** How many of the site's scripts have been let through so far. */
  released(): number;
  /** Lets the scripts come (those held, once their 5 s are up, and every later one at once). */
  letScriptsCome(): void;
  /** React or an uncaught error complained (a hydration mismatch above all). */
  problems: string[];
}

const SCRIPT = /\/assets\/[^?#]+\.js(?:[?#].*)?$/;

/** A visitor whose every script of the site is held back; the page opened at `path`. */
async function slowVisitor(path: string): Promise<SlowVisitor> {
  const context = await newVisitor(browser(), { waitForScripts: false });
  let released = 0;
  let letScriptsCome = () => {};
  const journeyDone = new Promise<void>((resolve) => {
    letScriptsCome = resolve;
  });
  let open = false;
  void journeyDone.then(() => {
    open = true;
  });
  await context.route(SCRIPT, async (route) => {
    if (!open) await Promise.all([journeyDone, new Promise((resolve) => setTimeout(resolve, HOLD_MS))]);
    released += 1;
    // The page may have gone meanwhile (a form sent navigates away): nothing to deliver then.
    await route.continue().catch(() => {});
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat|minified react error/i.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // Not 'load' nor 'domcontentloaded': both wait for the page's (module) scripts.
  await page.goto(path, { waitUntil: 'commit' });
  return { context, page, released: () => released, letScriptsCome, problems };
}

/** The page's script has not run: no script was let through and the page is not marked live. */
async function expectNoScriptRan(visitor: SlowVisitor) {
  expect(visitor.released()).toBe(0);
  expect(await visitor.page.evaluate(() => document.documentElement.dataset.pageReady)).toBeUndefined();
}

/** Lets the scripts come and waits for them to take the page over. */
async function scriptsRan(visitor: SlowVisitor) {
  visitor.letScriptsCome();
  await visitor.page.waitForFunction(() => document.documentElement.dataset.pageReady !== undefined, null, {
    timeout: 30_000,
  });
}

/** Presses Enter in `field`, checking first that no script has come: the press is inside the window. */
async function pressEnterBeforeScripts(visitor: SlowVisitor, label: string) {
  await expectNoScriptRan(visitor);
  await visitor.page.getByLabel(label, { exact: true }).press('Enter');
}

describe('with every script held back 5 s, pressing once inside that time', () => {
  it('signs the admin in at /login (email, password, Enter) and ends on /admin', async () => {
    const visitor = await slowVisitor('/login');
    const { page } = visitor;
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await pressEnterBeforeScripts(visitor, 'Password');
    await page.waitForURL(`${baseUrl()}/admin`, { ...WITHIN_HOLD, waitUntil: 'commit' });
    await expectNoScriptRan(visitor);
    // Signed in by then: the server set the session as the JSON sign-in does.
    const me = (await (await visitor.context.request.get('/api/me')).json()).user;
    expect(me).toMatchObject({ email: E2E_ADMIN.email, role: 'admin' });
    // And once the scripts come, the back-office opens as after a sign-in by the script.
    visitor.letScriptsCome();
    await page.getByRole('heading', { level: 1, name: /Welcome back/ }).waitFor({ timeout: 30_000 });
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  });

  it('signs a contributor in at /contributor/login and ends on their dashboard, drawn by the server', async () => {
    const visitor = await slowVisitor('/contributor/login');
    const { page } = visitor;
    await page.getByLabel('Teldupostur').fill(contributor.email);
    await page.getByLabel('Loyniorð', { exact: true }).fill(contributor.password);
    await pressEnterBeforeScripts(visitor, 'Loyniorð');
    await page.getByRole('heading', { level: 1, name: 'Mítt yvirlit' }).waitFor(WITHIN_HOLD);
    expect(page.url()).toBe(`${baseUrl()}/contributor/dashboard`);
    await expectNoScriptRan(visitor);
    await scriptsRan(visitor);
    expect(page.url()).toBe(`${baseUrl()}/contributor/dashboard`);
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  });

  it("shows 'Login Failed' for a wrong password, keeps the e-mail, and the script takes that page over", async () => {
    const visitor = await slowVisitor('/login');
    const { page } = visitor;
    await page.getByLabel('Email').fill(contributor.email);
    await page.getByLabel('Password').fill('not-the-password');
    await pressEnterBeforeScripts(visitor, 'Password');
    const alert = page.getByRole('alert').filter({ hasText: 'Login Failed' });
    await alert.waitFor(WITHIN_HOLD);
    await expectNoScriptRan(visitor);
    expect(await alert.textContent()).toContain('Invalid email or password');
    expect(await page.getByLabel('Email').inputValue()).toBe(contributor.email);
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    expect(page.url()).toBe(`${baseUrl()}/login`);
    // The right password, typed while the script is still held and sent after it took over.
    await page.getByLabel('Password').fill(contributor.password);
    await scriptsRan(visitor);
    expect(await alert.count()).toBe(1);
    expect(await page.getByLabel('Password').inputValue()).toBe(contributor.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl()}/contributor/dashboard`);
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  });

  it('registers a contributor: "check your e-mail" at once, and the mailed link opens the dashboard, signed in', async () => {
    const visitor = await slowVisitor('/contributor/register');
    const { page } = visitor;
    const email = `fyrsta-${randomInt(1e9)}@example.org`;
    await page.getByLabel('Fult navn').fill('Rannvá Fyrsta');
    await page.getByLabel('Teldupostur').fill(email);
    await page.getByLabel('Loyniorð', { exact: true }).fill('rightpassword');
    await page.getByLabel('Endurtak loyniorð').fill('rightpassword');
    await pressEnterBeforeScripts(visitor, 'Endurtak loyniorð');
    await page.getByRole('heading', { level: 1, name: 'Kanna teldupostin' }).waitFor(WITHIN_HOLD);
    await expectNoScriptRan(visitor);
    // Nobody is signed in until the address is confirmed (issue 30 B9).
    expect((await (await visitor.context.request.get('/api/me')).json()).user).toBeNull();
    visitor.letScriptsCome();
    await page.goto(await mailedLink(email, CONFIRMATION_LINK));
    await page.waitForURL(`${baseUrl()}/contributor/dashboard`, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: 'Mítt yvirlit' }).waitFor();
    const me = (await (await visitor.context.request.get('/api/me')).json()).user;
    expect(me).toMatchObject({ email, role: 'public', fullName: 'Rannvá Fyrsta' });
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  });

  it('requests a password reset and sees the confirmation', async () => {
    const visitor = await slowVisitor('/reset-password');
    const { page } = visitor;
    await page.getByLabel('Account e-mail').fill(contributor.email);
    await pressEnterBeforeScripts(visitor, 'Account e-mail');
    await page
      .getByText('If an account exists for that e-mail, a reset link has been sent.')
      .waitFor(WITHIN_HOLD);
    await expectNoScriptRan(visitor);
    await scriptsRan(visitor);
    expect(
      await page.getByText('If an account exists for that e-mail, a reset link has been sent.').count(),
    ).toBe(1);
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  });

  it('keeps what was typed when the script takes the form over, and sends it with the script', async () => {
    const visitor = await slowVisitor('/contributor/login');
    const { page } = visitor;
    await page.getByLabel('Teldupostur').fill(contributor.email);
    await page.getByLabel('Loyniorð', { exact: true }).fill(contributor.password);
    await scriptsRan(visitor);
    expect(await page.getByLabel('Teldupostur').inputValue()).toBe(contributor.email);
    expect(await page.getByLabel('Loyniorð', { exact: true }).inputValue()).toBe(contributor.password);
    const signIn = page.waitForRequest((request) => request.url().endsWith('/api/auth/sign-in/email'));
    await page.getByRole('button', { name: 'Rita inn' }).click();
    // Sent by the script (the JSON endpoint), with the values typed before it came.
    expect((await signIn).postDataJSON()).toEqual({
      email: contributor.email,
      password: contributor.password,
    });
    await page.waitForURL(`${baseUrl()}/contributor/dashboard`);
    expect(visitor.problems).toEqual([]);
    await visitor.context.close();
  });
});

describe('without JavaScript', () => {
  it('signs a contributor in and shows their dashboard; a wrong password shows Login Failed', async () => {
    const context = await newVisitor(browser(), { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/contributor/login');
    await page.getByLabel('Teldupostur').fill(contributor.email);
    await page.getByLabel('Loyniorð', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Rita inn' }).click();
    await page.getByRole('alert').filter({ hasText: 'Login Failed' }).waitFor();
    expect(await page.getByLabel('Teldupostur').inputValue()).toBe(contributor.email);

    await page.getByLabel('Loyniorð', { exact: true }).fill(contributor.password);
    await page.getByLabel('Loyniorð', { exact: true }).press('Enter');
    await page.waitForURL(`${baseUrl()}/contributor/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Mítt yvirlit' }).waitFor();
    await context.close();
  });

  it('registers a contributor: "check your e-mail", and the mailed link opens the dashboard, signed in', async () => {
    const context = await newVisitor(browser(), { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/contributor/register');
    const email = `utan-${randomInt(1e9)}@example.org`;
    await page.getByLabel('Fult navn').fill('Sámal Uttan Skrift');
    await page.getByLabel('Teldupostur').fill(email);
    await page.getByLabel('Loyniorð', { exact: true }).fill('rightpassword');
    await page.getByLabel('Endurtak loyniorð').fill('rightpassword');
    await page.getByRole('button', { name: 'Skráset' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kanna teldupostin' }).waitFor();
    expect((await (await context.request.get('/api/me')).json()).user).toBeNull();
    await page.goto(await mailedLink(email, CONFIRMATION_LINK));
    await page.waitForURL(`${baseUrl()}/contributor/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Mítt yvirlit' }).waitFor();
    const me = (await (await context.request.get('/api/me')).json()).user;
    expect(me).toMatchObject({ email, role: 'public', fullName: 'Sámal Uttan Skrift' });
    await context.close();
  });

  it('asks for the confirmation link again, answered alike for any address', async () => {
    const context = await newVisitor(browser(), { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/contributor/login');
    await page.getByLabel('Teldupostadressa').fill(`nobody-${randomInt(1e9)}@example.org`);
    await page.getByRole('button', { name: 'Send leinkjuna aftur' }).click();
    await page
      .getByText('Um ein konto við hesum teldupostinum bíðar eftir váttan, er ein nýggj leinkja send.')
      .waitFor();
    await context.close();
  });

  it('signs the admin in at /login and lands on /admin, signed in', async () => {
    const context = await newVisitor(browser(), { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl()}/admin`);
    const me = (await (await context.request.get('/api/me')).json()).user;
    expect(me).toMatchObject({ email: E2E_ADMIN.email, role: 'admin' });
    await context.close();
  });
});
