import { randomInt } from 'node:crypto';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GalleryItem } from '#common/api/gallery.ts';
import type { MediaItem } from '#common/api/media.ts';
import {
  adminContext,
  baseUrl,
  expectNoAxeViolations,
  newVisitor,
  sharedBrowser,
  uploadMediaViaApi,
} from './support.ts';

const browser = sharedBrowser();

/** A word no other test file uses: the gallery is filtered to it with ?q=. */
const token = `ljosabox${randomInt(1e9)}`;
const COUNT = 14;
/** The item opened first: in the middle, so the strip has 5 on each side. */
const OPEN_AT = 7;
const RICH = {
  description: 'Bátar í havnini ein summarmorgun',
  photographer: 'Jóannes Patursson',
  location: 'Tórshavn',
  originalDate: '1952-06-14',
  source: 'Føroya Landsskjalasavn',
  keywords: 'bátar, havn, summar',
  historicalContext: 'Myndin vísir havnina áðrenn nýggja bryggjan varð bygd.',
  technicalNotes: 'Skannað úr glasplátu',
  copyrightStatus: 'public_domain',
  copyrightHolder: 'Tórshavnar kommuna',
  commercialUseAllowed: 'true',
  attributionRequired: 'true',
  attributionText: 'Mynd: Tórshavnar kommuna / Føroya Landsskjalasavn',
};

/** The gallery's order of the items (newest first), as the home page gets it. */
let items: GalleryItem[] = [];
let rich: MediaItem;
let visitor: BrowserContext;

const title = (n: number) => `${token} mynd ${String(n).padStart(2, '0')}`;

beforeAll(async () => {
  const admin = await adminContext(browser());
  // One at a time, so each is newer than the one before.
  for (let n = 1; n <= COUNT; n++) {
    // The gallery is newest first: upload number COUNT - OPEN_AT lands at index OPEN_AT.
    const media = await uploadMediaViaApi(admin, {
      title: title(n),
      fields: n === COUNT - OPEN_AT ? RICH : { description: 'Ein mynd' },
    });
    if (n === COUNT - OPEN_AT) rich = media;
  }
  await admin.close();
  const res = await (await newVisitor(browser())).request.get(`/api/gallery?q=${token}`);
  items = (await res.json()).items;
  expect(items.map((i) => i.title)).toEqual(Array.from({ length: COUNT }, (_, i) => title(COUNT - i)));
  expect(items[OPEN_AT]!.id).toBe(rich.id);

  visitor = await newVisitor(browser());
  await visitor.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
}, 120_000);

afterAll(() => visitor?.close());

async function openGallery(): Promise<Page> {
  const page = await visitor.newPage();
  await page.goto(`/?q=${token}`);
  await expect.poll(() => page.getByRole('link', { name: title(1) }).count(), { timeout: 15_000 }).toBe(1);
  return page;
}

/** Opens the lightbox on items[index] by clicking its card. */
async function openAt(page: Page, index: number): Promise<Locator> {
  await page.getByRole('link', { name: items[index]!.title }).click();
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.count()).toBe(1);
  await expectShowing(dialog, index);
  return dialog;
}

async function expectShowing(dialog: Locator, index: number) {
  await expect
    .poll(() => dialog.getByRole('heading', { level: 2 }).first().textContent())
    .toBe(items[index]!.title);
}

const zoomLevel = (dialog: Locator) => dialog.getByTestId('zoom-level').textContent();
const imageWidth = async (dialog: Locator, index: number) =>
  (await dialog.getByRole('img', { name: items[index]!.title, exact: true }).boundingBox())!.width;

describe('the lightbox', () => {
  it('opens from a card on the display image, moves with Left/Right, traps focus, closes with Escape back to the card', async () => {
    const page = await openGallery();
    const dialog = await openAt(page, OPEN_AT);

    // The display derivative, not the thumbnail.
    const image = dialog.getByRole('img', { name: items[OPEN_AT]!.title, exact: true });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain('/display');

    await page.keyboard.press('ArrowRight');
    await expectShowing(dialog, OPEN_AT + 1);
    await page.keyboard.press('ArrowRight');
    await expectShowing(dialog, OPEN_AT + 2);
    await page.keyboard.press('ArrowLeft');
    await expectShowing(dialog, OPEN_AT + 1);
    await page.keyboard.press('ArrowLeft');
    await expectShowing(dialog, OPEN_AT);

    // Tabbing round never leaves the dialog.
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(
        true,
      );
    }

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toContain(items[OPEN_AT]!.title);
    await page.close();
  });

  it('stops at the ends instead of wrapping', async () => {
    const page = await openGallery();
    const dialog = await openAt(page, 0);
    await page.keyboard.press('ArrowLeft');
    await expectShowing(dialog, 0);
    // Disabled (and hidden) at the first item.
    expect(
      await dialog.getByRole('button', { name: 'Previous image', includeHidden: true }).isDisabled(),
    ).toBe(true);
    await dialog.getByRole('navigation', { name: 'Thumbnails' }).getByRole('button').last().click();
    await expectShowing(dialog, 5);
    await page.close();
  });

  it('toggles the info panel with I, with every section, the ID line and the attribution text', async () => {
    const page = await openGallery();
    const dialog = await openAt(page, OPEN_AT);
    const panel = dialog.getByRole('region', { name: 'Information' });
    expect(await panel.count()).toBe(0);

    await page.keyboard.press('i');
    await expect.poll(() => panel.count()).toBe(1);
    // The panel may draw its sections just after it appears: read them until they are all there.
    await expect
      .poll(() => panel.getByRole('heading', { level: 3 }).allTextContents())
      .toEqual([
        'Basic information',
        'Archival details',
        'Technical details',
        'Rights and usage',
        'Historical context',
        'Keywords',
      ]);
    const text = (await panel.textContent()) ?? '';
    expect(text).toContain(RICH.photographer);
    expect(text).toContain('14. juni 1952');
    expect(text).toContain('public domain');
    expect(text).toContain('Public Domain Mark 1.0');
    expect(await panel.locator('a[rel~="license"]').getAttribute('href')).toBe(
      'http://creativecommons.org/publicdomain/mark/1.0/',
    );
    expect(text).toContain(RICH.copyrightHolder);
    expect(text).toContain(RICH.historicalContext);
    expect(await panel.getByRole('listitem').allTextContents()).toEqual(['bátar', 'havn', 'summar']);
    expect(text).toContain(`ID: ${rich.displayId}`);
    expect(rich.displayId).toMatch(/^PHOTO-\d+$/);
    expect(text).toContain(RICH.attributionText);
    expect(text).toMatch(/File size\s*0\.\d MB/);
    await expectNoAxeViolations(page);

    await page.keyboard.press('I');
    await expect.poll(() => panel.count()).toBe(0);
    await page.close();
  });

  it('zooms from 50% to 300% in 25% steps, and moving on resets to 100%', async () => {
    const page = await openGallery();
    const dialog = await openAt(page, OPEN_AT);
    const zoomIn = dialog.getByRole('button', { name: 'Zoom in' });
    const zoomOut = dialog.getByRole('button', { name: 'Zoom out' });
    expect(await zoomLevel(dialog)).toBe('100%');
    const base = await imageWidth(dialog, OPEN_AT);

    await zoomIn.click();
    expect(await zoomLevel(dialog)).toBe('125%');
    for (let i = 0; i < 7; i++) await zoomIn.click();
    expect(await zoomLevel(dialog)).toBe('300%');
    expect(await zoomIn.isDisabled()).toBe(true);
    await zoomIn.click({ force: true }); // past the top: nothing happens
    expect(await zoomLevel(dialog)).toBe('300%');
    expect(await imageWidth(dialog, OPEN_AT)).toBeCloseTo(base * 3, -1);

    for (let i = 0; i < 10; i++) {
      if (await zoomOut.isDisabled()) break;
      await zoomOut.click();
    }
    expect(await zoomLevel(dialog)).toBe('50%');
    expect(await zoomOut.isDisabled()).toBe(true);
    await zoomOut.click({ force: true });
    expect(await zoomLevel(dialog)).toBe('50%');
    expect(await imageWidth(dialog, OPEN_AT)).toBeCloseTo(base / 2, -1);

    await dialog.getByRole('button', { name: 'Reset zoom' }).click();
    expect(await zoomLevel(dialog)).toBe('100%');
    await zoomIn.click();
    await zoomIn.click();
    expect(await zoomLevel(dialog)).toBe('150%');
    await page.keyboard.press('ArrowRight');
    await expectShowing(dialog, OPEN_AT + 1);
    expect(await zoomLevel(dialog)).toBe('100%');
    await page.close();
  });

  it('lets the keyboard scroll a zoomed image sideways while it has focus, instead of moving on', async () => {
    const page = await openGallery();
    // A phone's width, so the small test picture at 300% is wider than the stage.
    await page.setViewportSize({ width: 390, height: 700 });
    const dialog = await openAt(page, OPEN_AT);
    const zoomIn = dialog.getByRole('button', { name: 'Zoom in' });
    for (let i = 0; i < 8; i++) await zoomIn.click();
    expect(await zoomLevel(dialog)).toBe('300%');
    const stage = dialog.getByRole('region', { name: 'Image' });
    await stage.focus();
    const scrollLeft = () => stage.evaluate((el) => el.scrollLeft);
    const before = await scrollLeft();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(scrollLeft).toBeGreaterThan(before);
    await expectShowing(dialog, OPEN_AT);
    // Away from the image, the arrows move on again.
    await dialog.getByRole('button', { name: 'Zoom out' }).focus();
    await page.keyboard.press('ArrowRight');
    await expectShowing(dialog, OPEN_AT + 1);
    await page.close();
  });

  it('keeps a favourite in gallery_favorites across a reload', async () => {
    const page = await openGallery();
    const dialog = await openAt(page, OPEN_AT);
    const heart = dialog.getByRole('button', { name: 'Favourite' });
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('gallery_favorites') ?? '[]'));
    expect(await stored()).toContain(items[OPEN_AT]!.id);

    // The open image is in the URL, so the reload opens it again.
    await page.reload();
    const again = page.getByRole('dialog');
    await expectShowing(again, OPEN_AT);
    await expect
      .poll(() => again.getByRole('button', { name: 'Favourite' }).getAttribute('aria-pressed'))
      .toBe('true');

    await again.getByRole('button', { name: 'Favourite' }).click();
    await expect
      .poll(() => again.getByRole('button', { name: 'Favourite' }).getAttribute('aria-pressed'))
      .toBe('false');
    expect(await stored()).not.toContain(items[OPEN_AT]!.id);
    await page.close();
  });

  it('shares by copying the /media/{id} link when the browser has no share sheet', async () => {
    const page = await openGallery();
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    const dialog = await openAt(page, OPEN_AT);
    await dialog.getByRole('button', { name: 'Share' }).click();
    await expect.poll(() => dialog.textContent()).toContain('Link copied! Paste to share');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseUrl()}/media/${items[OPEN_AT]!.id}`,
    );
    await page.close();
  });

  it('shows at most 5 thumbnails before and 5 after the current one, the current one marked', async () => {
    const page = await openGallery();
    const dialog = await openAt(page, OPEN_AT);
    const strip = dialog.getByRole('navigation', { name: 'Thumbnails' });
    const names = () =>
      strip.getByRole('button').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));

    expect(await names()).toEqual(items.slice(OPEN_AT - 5, OPEN_AT + 6).map((i) => i.title));
    expect(await strip.locator('[aria-current="true"]').getAttribute('aria-label')).toBe(
      items[OPEN_AT]!.title,
    );

    // Near the end: the 5 before and the 1 left after.
    await strip.getByRole('button', { name: items[12]!.title }).click();
    await expectShowing(dialog, 12);
    expect(await names()).toEqual(items.slice(7, 14).map((i) => i.title));
    expect(await strip.locator('[aria-current="true"]').getAttribute('aria-label')).toBe(items[12]!.title);

    await expectNoAxeViolations(page);
    await page.close();
  });
});
