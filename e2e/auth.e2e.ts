import { describe, expect, it } from 'vitest';
import { ACCOUNT_DEACTIVATED_MESSAGE } from '#common/texts.ts';
import {
  baseUrl,
  CONFIRMATION_LINK,
  E2E_ADMIN,
  expectNoAxeViolations,
  mailedLink,
  newVisitor,
  registerViaApi,
  signInViaApi,
  sharedBrowser,
} from './support.ts';

const browser = sharedBrowser();

describe('staff sign-in at /login', () => {
  it('signs the admin in and lands on /admin', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/login');
    await expectNoAxeViolations(page);
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl()}/admin`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Welcome back');
    await expectNoAxeViolations(page);

    // A signed-in admin who opens /login again is sent to /admin.
    await page.goto('/login');
    await page.waitForURL(`${baseUrl()}/admin`);
    await context.close();
  });

  it("shows the red 'Login Failed' panel for a wrong password", async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('Login Failed');
    expect(await alert.textContent()).toContain('Invalid email or password');
    expect(page.url()).toBe(`${baseUrl()}/login`);
    await context.close();
  });

  it("shows the orange 'Account Deactivated' panel for a deactivated account, and the server refuses it", async () => {
    const userContext = await newVisitor(browser());
    const user = await registerViaApi(userContext, 'Deactivated Person');
    const adminContext = await newVisitor(browser());
    await signInViaApi(adminContext, E2E_ADMIN.email, E2E_ADMIN.password);
    const res = await adminContext.request.patch(`/api/admin/users/${user.id}/active`, {
      data: { isActive: false },
    });
    expect(res.status()).toBe(200);
    // Their open session ended with the deactivation.
    expect((await (await userContext.request.get('/api/me')).json()).user).toBeNull();

    for (const [path, button, email, password] of [
      ['/login', 'Sign In', 'Email', 'Password'],
      ['/contributor/login', 'Rita inn', 'Teldupostur', 'Loyniorð'],
    ] as const) {
      const page = await (await newVisitor(browser())).newPage();
      await page.goto(path);
      await page.getByLabel(email, { exact: true }).fill(user.email);
      await page.getByLabel(password, { exact: true }).fill(user.password);
      await page.getByRole('button', { name: button }).click();
      const alert = page.getByRole('alert');
      await expect.poll(() => alert.textContent()).toContain('Account Deactivated');
      expect(await alert.textContent()).toContain(ACCOUNT_DEACTIVATED_MESSAGE);
      await expectNoAxeViolations(page);
      await page.context().close();
    }
    await userContext.close();
    await adminContext.close();
  });
});

describe('contributor registration', () => {
  it('registers with role public, confirms through the mailed link onto the dashboard, and cannot open the back-office', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/contributor/register');
    await expectNoAxeViolations(page);
    const email = `ragnhild-${Date.now()}@example.org`;
    await page.getByLabel('Fult navn').fill('Ragnhild Joensen');
    await page.getByLabel('Teldupostur').fill(email);
    await page.getByLabel('Loyniorð', { exact: true }).fill('abc');
    await page.getByLabel('Endurtak loyniorð').fill('abd');
    await page.getByRole('button', { name: 'Skráset' }).click();
    await expect.poll(() => page.textContent('body')).toContain('Loyniorðini eru ikki tey somu.');
    await expect.poll(() => page.textContent('body')).toContain('Loyniorðið má vera í minsta lagi 6 tekn.');

    await page.getByLabel('Loyniorð', { exact: true }).fill('rightpassword');
    await page.getByLabel('Endurtak loyniorð').fill('rightpassword');
    await page.getByRole('button', { name: 'Skráset' }).click();
    // Not signed in yet (issue 30 B9): the address is confirmed first.
    await page.getByRole('heading', { level: 1, name: 'Kanna teldupostin' }).waitFor();
    await expectNoAxeViolations(page);
    expect((await (await context.request.get('/api/me')).json()).user).toBeNull();

    const link = await mailedLink(email, CONFIRMATION_LINK);
    await page.goto(link);
    await page.waitForURL(`${baseUrl()}/contributor/dashboard`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Mítt yvirlit');
    await expectNoAxeViolations(page);

    const me = (await (await context.request.get('/api/me')).json()).user;
    expect(me).toMatchObject({ email, role: 'public', fullName: 'Ragnhild Joensen' });

    // The back-office sends them away, and the server refuses them whatever the page does.
    await page.goto('/admin/users');
    await page.waitForURL((url) => !url.pathname.startsWith('/admin'));
    const refused = await context.request.patch(`/api/admin/users/${me.id}/active`, {
      data: { isActive: false },
    });
    expect(refused.status()).toBe(403);
    await context.close();
  });

  it('answers a registration of a taken address as any other, and says so to its owner by mail', async () => {
    const owner = await registerViaApi(await newVisitor(browser()), 'Upptikin Adressa');
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/contributor/register');
    await page.getByLabel('Fult navn').fill('Onkur Annar');
    await page.getByLabel('Teldupostur').fill(owner.email);
    await page.getByLabel('Loyniorð', { exact: true }).fill('another-password');
    await page.getByLabel('Endurtak loyniorð').fill('another-password');
    await page.getByRole('button', { name: 'Skráset' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kanna teldupostin' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    // The owner is told, with the way to sign in or reset the password.
    expect(await mailedLink(owner.email, /http:\/\/\S+\/reset-password\b/)).toBe('/reset-password');

    // The owner's confirmation link, used again, signs nobody in and says the address is confirmed.
    const again = await newVisitor(browser());
    const used = await again.newPage();
    await used.goto(await mailedLink(owner.email, CONFIRMATION_LINK));
    await used.waitForURL((url) => url.pathname === '/contributor/login');
    await used.getByText('Teldupostur tín er váttaður.').waitFor();
    expect((await (await again.request.get('/api/me')).json()).user).toBeNull();
    await expectNoAxeViolations(used);
    await again.close();
    await context.close();
  });

  it('sends a guest from the dashboard to contributor sign-in, and a signed-in contributor from sign-in to /submit', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/contributor/dashboard');
    await page.waitForURL((url) => url.pathname === '/contributor/login');
    await expectNoAxeViolations(page);
    const user = await registerViaApi(context, 'Signed In Person');
    expect(user.role).toBe('public');
    await page.goto('/contributor/login');
    await page.waitForURL(`${baseUrl()}/submit`);
    await context.close();
  });

  it('sends a guest from the back-office to /login', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto('/admin/media');
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });
});
