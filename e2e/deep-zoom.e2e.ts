import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '#common/api/media.ts';
import { exifFixture } from '#server/test/fixtures.ts';
import {
  adminContext,
  expectNoAxeViolations,
  newVisitor,
  sharedBrowser,
  uploadMediaViaApi,
} from './support.ts';

/**
 * Deep zoom on the media page: OpenSeadragon on the item's IIIF image service, loaded only when
 * asked for, driven by keyboard and buttons, and axe-clean.
 */
const browser = sharedBrowser();
const run = randomInt(1e9);
let photo: MediaItem;
let visitor: Awaited<ReturnType<typeof newVisitor>>;

beforeAll(async () => {
  const admin = await adminContext(browser());
  photo = await uploadMediaViaApi(admin, { title: `Djúp mynd ${run}`, file: await exifFixture('large') });
  await admin.close();
  visitor = await newVisitor(browser());
}, 120_000);
afterAll(() => visitor?.close());

const zoomOf = async (page: Page) => Number(await page.getByTestId('deep-zoom').getAttribute('data-zoom'));
/** Waits until the view is open and has the keyboard; its zoom showing the whole image. */
async function openedWithFocus(page: Page) {
  await expect
    .poll(() => page.getByTestId('deep-zoom').getAttribute('data-zoom'), { timeout: 15_000 })
    .not.toBeNull();
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
    .toBe('application');
  const home = await zoomOf(page);
  await page.keyboard.press('+');
  await expect.poll(() => zoomOf(page)).toBeGreaterThan(home);
  return home;
}
const centreOf = async (page: Page) =>
  (await page.getByTestId('deep-zoom').getAttribute('data-centre')) ?? '';

describe('deep zoom on the media page', () => {
  it('loads OpenSeadragon only when asked, zooms with the keys and the buttons, and is axe-clean', async () => {
    const page = await visitor.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await page.goto(`/media/${photo.id}`);
    const zoom = page.getByRole('button', { name: 'Zoom in', exact: true });
    await zoom.waitFor();
    expect(asked.filter((url) => url.includes('/iiif/') || /deep-zoom|openseadragon/i.test(url))).toEqual([]);

    await zoom.click();
    // The zoom's own: the media page has another (drawing a box around a person, issue 29 §2).
    const area = page.getByTestId('deep-zoom').getByRole('application');
    await area.waitFor();
    await expect
      .poll(() => asked.some((url) => url.includes(`/iiif/image/3/${photo.id}/info.json`)))
      .toBe(true);
    // Tiles come from the image service.
    await expect
      .poll(() =>
        asked.some((url) => new RegExp(`/iiif/image/3/${photo.id}/[^/]+/[^/]+/0/default\\.jpg`).test(url)),
      )
      .toBe(true);
    const home = await openedWithFocus(page);
    const before = await centreOf(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => centreOf(page)).not.toBe(before);
    await page.keyboard.press('-');
    await page.keyboard.press('0');
    await expect.poll(() => zoomOf(page)).toBeCloseTo(home, 2);

    await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(home);
    await page.getByRole('button', { name: 'Show the whole image' }).click();
    await expect.poll(() => zoomOf(page)).toBeCloseTo(home, 2);

    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Close zoom' }).click();
    await expect.poll(() => page.getByTestId('deep-zoom').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Zoom in');
    await page.close();
  });

  it('opens from the lightbox too, and its keys do not move the lightbox on', async () => {
    const page = await visitor.newPage();
    await page.goto(`/?q=${run}`);
    await page.getByRole('link', { name: photo.title }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Deep zoom' }).click();
    await dialog.getByRole('application').waitFor();
    await openedWithFocus(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => dialog.getByRole('application').count()).toBe(1);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close zoom' }).click();
    await expect.poll(() => dialog.getByRole('application').count()).toBe(0);
    await page.close();
  });
});
