import { randomInt } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AdminSlideshowDetail } from '#common/api/slideshows.ts';
import {
  adminContext,
  baseUrl,
  createStaffViaApi,
  expectNoAxeViolations,
  newVisitor,
  sharedBrowser,
  signInViaApi,
  uploadMediaViaApi,
} from './support.ts';

const browser = sharedBrowser();
const run = randomInt(1_000_000);
const TAG = `Sýningarevni${run}`;
const TITLE = `Myndasýning ${run}`;

async function pickerSearch(dialog: Locator, q: string) {
  const box = dialog.getByRole('searchbox', { name: 'Search media' });
  await box.fill(q);
  await box.press('Enter');
}

/** The titles of the slides in the dialog's order list. */
const orderTitles = (dialog: Locator) =>
  dialog
    .getByTestId('slide-order')
    .locator('li')
    .evaluateAll((items) => items.map((li) => li.querySelector('span.grow')?.firstChild?.textContent ?? ''));

const cardOf = (page: Page, title: string) => page.getByRole('listitem').filter({ hasText: title });

describe('slideshows', () => {
  it('builds a slideshow from picked media, reorders, edits, toggles and deletes it', async () => {
    const admin = await adminContext(browser());
    const names = ['Havnin', 'Kirkjan', 'Bygdin', 'Fjørðurin'].map((n) => `${TAG} ${n}`);
    const items = [];
    for (const title of names) items.push(await uploadMediaViaApi(admin, { title }));

    const page = await admin.newPage();
    await page.goto('/admin/slideshows');
    await page.getByRole('heading', { level: 1, name: 'Slideshows' }).waitFor();
    expect(await page.getByRole('link', { name: /^Upload Media/ }).getAttribute('target')).toBe('_blank');
    await page.getByRole('button', { name: 'Create Slideshow' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Slideshow' });

    // Nothing picked: the spec's message.
    await dialog.getByLabel(/^Title/).fill(TITLE);
    await dialog.getByRole('button', { name: 'Create Slideshow' }).click();
    await dialog.getByText('Please select at least one media item for the slideshow').waitFor();

    // Pick three by searching; the preview shows them.
    await pickerSearch(dialog, TAG);
    for (const name of names.slice(0, 3)) {
      const pick = dialog.getByRole('button', { name, exact: true });
      await pick.click();
      await expect.poll(() => pick.getAttribute('aria-pressed')).toBe('true');
    }
    expect(await dialog.getByTestId('selected-preview').locator('li').count()).toBe(3);
    expect(await orderTitles(dialog)).toEqual(names.slice(0, 3));

    // Reorder from the keyboard: Bygdin up twice; focus stays with it.
    const up = dialog.getByRole('button', { name: `Move ${names[2]} up` });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => orderTitles(dialog)).toEqual([names[0], names[2], names[1]]);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Move ${names[2]} up`);
    await page.keyboard.press('Enter');
    await expect.poll(() => orderTitles(dialog)).toEqual([names[2], names[0], names[1]]);

    // Duration and caption per slide; public on.
    const slides = dialog.getByTestId('slide-order').locator('li');
    expect(await slides.nth(0).getByLabel('Seconds').inputValue()).toBe('5');
    await slides.nth(0).getByLabel('Seconds').fill('8');
    await slides.nth(0).getByLabel('Caption').fill('Bygdin um 1950');
    await dialog.getByLabel('Public', { exact: true }).check();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Create Slideshow' }).click();
    await page.getByText('Slideshow created successfully!').waitFor();
    await cardOf(page, TITLE).getByText('3 slides').waitFor();

    const list = await (
      await admin.request.get(`/api/admin/slideshows?q=${encodeURIComponent(TITLE)}`)
    ).json();
    const id: string = list.items[0].id;
    const detail = async (): Promise<AdminSlideshowDetail> =>
      (await (await admin.request.get(`/api/admin/slideshows/${id}`)).json()).slideshow;
    expect((await detail()).slides.map((s) => [s.mediaId, s.duration, s.caption])).toEqual([
      [items[2]!.id, 8, 'Bygdin um 1950'],
      [items[0]!.id, 5, null],
      [items[1]!.id, 5, null],
    ]);
    await expectNoAxeViolations(page);

    // Edit: move Kirkjan to the top, recaption it, add Fjørðurin (appended at the end).
    await cardOf(page, TITLE)
      .getByRole('button', { name: `Edit ${TITLE}` })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Slideshow' });
    await edit.getByTestId('slide-order').waitFor();
    await edit.getByRole('button', { name: `Move ${names[1]} up` }).click();
    await edit.getByRole('button', { name: `Move ${names[1]} up` }).click();
    await edit.getByTestId('slide-order').locator('li').nth(0).getByLabel('Caption').fill('Kirkjan');
    await edit.getByTestId('slide-order').locator('li').nth(0).getByLabel('Seconds').fill('3');
    await pickerSearch(edit, names[3]!);
    await edit.getByRole('button', { name: names[3], exact: true }).click();
    await edit.getByText('New items are added after the existing slides.').waitFor();
    await expectNoAxeViolations(page);
    await edit.getByRole('button', { name: 'Save Slideshow' }).click();
    await page.getByText('Slideshow updated successfully! Added 1 new media items.').waitFor();
    expect((await detail()).slides.map((s) => [s.mediaId, s.orderIndex, s.duration, s.caption])).toEqual([
      [items[1]!.id, 0, 3, 'Kirkjan'],
      [items[2]!.id, 1, 8, 'Bygdin um 1950'],
      [items[0]!.id, 2, 5, null],
      [items[3]!.id, 3, 5, null],
    ]);

    // The public player shows it in the new order.
    const visitor = await newVisitor(browser());
    const player = await visitor.newPage();
    await player.goto(`/slideshow/${id}`);
    const thumbs = player.getByRole('list', { name: 'Slides' }).getByRole('button');
    await expect
      .poll(() => thumbs.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label'))))
      .toEqual([
        'Slide 1: Kirkjan',
        'Slide 2: Bygdin um 1950',
        `Slide 3: ${names[0]}`,
        `Slide 4: ${names[3]}`,
      ]);

    // Featured on; public off: visitors are told it is not there.
    const card = cardOf(page, TITLE);
    const featured = card.getByRole('button', { name: /^Featured/ });
    await featured.click();
    await expect.poll(async () => (await detail()).isFeatured).toBe(true);
    const publicToggle = card.getByRole('button', { name: /^Public/ });
    await publicToggle.click();
    await expect.poll(() => publicToggle.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(async () => (await visitor.request.get(`/api/slideshows/${id}`)).status()).toBe(404);
    await visitor.close();

    // Delete after the confirmation.
    await card.getByRole('button', { name: `Delete ${TITLE}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText('Are you sure you want to delete this slideshow? This action cannot be undone.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Slideshow deleted successfully!').waitFor();
    await expect.poll(() => cardOf(page, TITLE).count()).toBe(0);
    expect((await admin.request.get(`/api/admin/slideshows/${id}`)).status()).toBe(404);
    await admin.close();
  });

  it('tells a viewer Access Denied with the spec text, and the server refuses too', async () => {
    const admin = await adminContext(browser());
    const email = `viewer-slides-${run}@example.org`;
    await createStaffViaApi(admin, { email, password: 'viewer-password-1', role: 'viewer' });
    await admin.close();
    const viewer = await newVisitor(browser());
    await signInViaApi(viewer, email, 'viewer-password-1');
    const page = await viewer.newPage();
    await page.goto('/admin/slideshows');
    await page.getByText("You don't have permission to manage slideshows.").waitFor();
    await expectNoAxeViolations(page);
    expect((await (await viewer.request.get('/api/admin/slideshows')).json()).code).toBe('FORBIDDEN');
    const del = await viewer.request.delete(`/api/admin/slideshows/${crypto.randomUUID()}`, {
      headers: { origin: baseUrl() },
    });
    expect((await del.json()).code).toBe('FORBIDDEN');
    await viewer.close();
  });
});
