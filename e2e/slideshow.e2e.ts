import { randomInt, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { alsaWav } from '#server/test/fixtures.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminContext,
  createSlideshowViaApi,
  expectNoAxeViolations,
  newVisitor,
  sharedBrowser,
  uploadMediaViaApi,
} from './support.ts';

const browser = sharedBrowser();
const run = randomInt(1_000_000);
const TITLE = `Sýning ${run}`;
const CAPTIONS = ['Havnin', 'Kirkjan', 'Bygdin'];

let showId = '';
let hiddenShowId = '';
let soundShowId = '';
let soundId = '';

beforeAll(async () => {
  const admin = await adminContext(browser());
  const items = [];
  for (const caption of CAPTIONS) items.push(await uploadMediaViaApi(admin, { title: `${caption} ${run}` }));
  showId = (
    await createSlideshowViaApi(admin, {
      title: TITLE,
      isPublic: true,
      slides: items.map((item, i) => ({ mediaId: item.id, duration: 1, caption: CAPTIONS[i] })),
    })
  ).id;
  hiddenShowId = (
    await createSlideshowViaApi(admin, {
      title: `Loynd sýning ${run}`,
      isPublic: false,
      slides: [{ mediaId: items[0]!.id, duration: 1 }],
    })
  ).id;
  const sound = await uploadMediaViaApi(admin, { title: `Ljóð ${run}`, file: await alsaWav() });
  soundId = sound.id;
  soundShowId = (
    await createSlideshowViaApi(admin, {
      title: `Ljóðsýning ${run}`,
      isPublic: true,
      slides: [{ mediaId: sound.id }, { mediaId: items[1]!.id }],
    })
  ).id;
  await admin.close();
}, 120_000);

const progressbar = (page: Page) => page.getByRole('progressbar', { name: 'Slide progress' });
const progress = (page: Page) => progressbar(page).getAttribute('aria-valuenow');
const position = (page: Page) => page.getByRole('figure').getAttribute('aria-label');
const playButton = (page: Page) => page.getByRole('button', { name: /^(Play|Pause)$/ });
const overlayState = (page: Page) => page.locator('[data-overlay]').getAttribute('data-overlay');
const overlayOpacity = (page: Page) =>
  page.getByTestId('slideshow-overlay').evaluate((el) => getComputedStyle(el).opacity);

/**
 * Opens the player under Playwright's clock, then stops time and puts the show at a known point:
 * the first slide, playing, with no progress (time flowed while the page loaded).
 */
async function openPaused(page: Page, id = showId, firstThumbnail = 'Slide 1: Havnin') {
  await page.clock.install();
  await page.goto(`/slideshow/${id}`);
  await progressbar(page).waitFor();
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 2000);
  await page.getByRole('button', { name: firstThumbnail }).click();
  if ((await playButton(page).getAttribute('aria-label')) === 'Play') await playButton(page).click();
  await expect.poll(() => playButton(page).getAttribute('aria-label')).toBe('Pause');
  await expect.poll(() => position(page)).toMatch(/^1 \/ /);
  await expect.poll(() => progress(page)).toBe('0');
}

describe('the slideshow player', () => {
  it('ticks every 100 ms, advances after each slide’s duration and stops at the first slide at the end', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await openPaused(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(TITLE);
    expect(await page.textContent('body')).toContain('Havnin');

    await page.clock.runFor(99);
    await expect.poll(() => progress(page)).toBe('0');
    await page.clock.runFor(1);
    await expect.poll(() => progress(page)).toBe('10');
    await page.clock.runFor(100);
    await expect.poll(() => progress(page)).toBe('20');
    await page.clock.runFor(799);
    await expect.poll(() => progress(page)).toBe('90');
    expect(await position(page)).toBe('1 / 3');

    // 1 s: the second slide, from no progress.
    await page.clock.runFor(1);
    await expect.poll(() => position(page)).toBe('2 / 3');
    await expect.poll(() => progress(page)).toBe('0');
    await expect.poll(() => page.textContent('body')).toContain('Kirkjan');
    await page.clock.runFor(1000);
    await expect.poll(() => position(page)).toBe('3 / 3');

    // The end: back to the first slide, stopped.
    await page.clock.runFor(1000);
    await expect.poll(() => position(page)).toBe('1 / 3');
    await expect.poll(() => playButton(page).getAttribute('aria-label')).toBe('Play');
    await page.clock.runFor(5000);
    expect(await position(page)).toBe('1 / 3');
    expect(await progress(page)).toBe('0');
    await context.close();
  });

  it('moves by button and key, resets progress on each change and on play, and wraps both ways while playing', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await openPaused(page);

    await page.clock.runFor(500);
    await expect.poll(() => progress(page)).toBe('50');
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => position(page)).toBe('2 / 3');
    await expect.poll(() => progress(page)).toBe('0');

    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expect.poll(() => position(page)).toBe('1 / 3');
    await page.getByRole('button', { name: 'Previous slide' }).click();
    await expect.poll(() => position(page)).toBe('3 / 3');

    // Keys: Left and Right move; Space, with no control focused, pauses and plays.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => position(page)).toBe('2 / 3');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position(page)).toBe('3 / 3');
    await page.clock.runFor(300);
    await expect.poll(() => progress(page)).toBe('30');

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Space');
    await expect.poll(() => playButton(page).getAttribute('aria-label')).toBe('Play');
    await page.clock.runFor(2000);
    expect(await progress(page)).toBe('30');
    expect(await position(page)).toBe('3 / 3');
    await page.keyboard.press('Space');
    await expect.poll(() => playButton(page).getAttribute('aria-label')).toBe('Pause');
    await expect.poll(() => progress(page)).toBe('0');

    // A visitor's own Next on the last slide wraps to the first and the show plays on
    // (only the timer running out on the last slide stops it).
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position(page)).toBe('1 / 3');
    await expect.poll(() => progress(page)).toBe('0');
    expect(await playButton(page).getAttribute('aria-label')).toBe('Pause');
    await page.clock.runFor(1000);
    await expect.poll(() => position(page)).toBe('2 / 3');
    await page.clock.runFor(1000);
    await expect.poll(() => position(page)).toBe('3 / 3');
    await page.getByRole('button', { name: 'Next slide' }).click();
    await expect.poll(() => position(page)).toBe('1 / 3');
    expect(await playButton(page).getAttribute('aria-label')).toBe('Pause');
    await page.clock.runFor(500);
    await expect.poll(() => progress(page)).toBe('50');
    await context.close();
  });

  it('hides the controls 3 s after a click and shows them again when the mouse moves', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await openPaused(page);
    await page.getByRole('button', { name: 'Pause' }).click();
    // A fresh click, away from the controls, starts the 3 s.
    await page.mouse.click(640, 300);
    await page.clock.runFor(2900);
    expect(await overlayState(page)).toBe('visible');
    await page.clock.runFor(100);
    await expect.poll(() => overlayState(page)).toBe('hidden');
    await expect.poll(() => overlayOpacity(page)).toBe('0');

    await page.mouse.move(300, 200);
    await expect.poll(() => overlayState(page)).toBe('visible');
    await expect.poll(() => overlayOpacity(page)).toBe('1');
    // Once armed, quiet time hides them again, and a key brings them back.
    await page.clock.runFor(3000);
    await expect.poll(() => overlayState(page)).toBe('hidden');
    await page.keyboard.press('Shift');
    await expect.poll(() => overlayState(page)).toBe('visible');
    await context.close();
  });

  it('keeps the favourite in slideshow_favorites across visits', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto(`/slideshow/${showId}`);
    const heart = page.getByRole('button', { name: 'Favourite' });
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('slideshow_favorites'))).toBe(
      JSON.stringify([showId]),
    );

    await page.reload();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    expect(await page.evaluate(() => localStorage.getItem('slideshow_favorites'))).toBe('[]');
    await context.close();
  });

  it('offers full screen on a desktop but not on a phone', async () => {
    const desktop = await newVisitor(browser());
    const page = await desktop.newPage();
    await page.goto(`/slideshow/${showId}`);
    const fullscreen = page.getByRole('button', { name: 'Fullscreen' });
    await fullscreen.waitFor();
    expect(await fullscreen.isVisible()).toBe(true);
    await fullscreen.click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.tagName ?? null)).toBe('SECTION');
    await page.getByRole('button', { name: 'Exit fullscreen' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBe(null);
    await page.getByRole('button', { name: 'Fullscreen' }).waitFor();
    await desktop.close();

    const phone = await newVisitor(browser(), { viewport: { width: 390, height: 844 } });
    const small = await phone.newPage();
    await small.goto(`/slideshow/${showId}`);
    await progressbar(small).waitFor();
    // The button comes with the page's script (the server cannot know whether the browser allows
    // full screen), just after the server's HTML.
    await expect.poll(() => small.locator('button[aria-label="Fullscreen"]').count()).toBe(1);
    expect(await small.locator('button[aria-label="Fullscreen"]').isVisible()).toBe(false);
    expect(await small.getByRole('button', { name: 'Next slide' }).isVisible()).toBe(true);
    await phone.close();
  });

  it('has no axe violations with its controls showing', async () => {
    // Without the fake clock: axe waits on timers of its own.
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.goto(`/slideshow/${showId}`);
    await page.getByRole('button', { name: 'Pause' }).click();
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('shows a recording’s waveform for its default 5 s and links to its page to play it', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await openPaused(page, soundShowId, `Slide 1: Ljóð ${run}`);
    const link = page.getByRole('link', { name: 'Play the recording' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/media/${soundId}`);
    expect(await page.locator('figure audio, figure video').count()).toBe(0);
    const src = await page.getByRole('figure').getByRole('img').getAttribute('src');
    expect(src).toContain(`/files/media/${soundId}/waveform`);

    // No duration was given: the slide lasts 5 s.
    await page.clock.runFor(4900);
    await expect.poll(() => progress(page)).toBe('98');
    expect(await position(page)).toBe('1 / 2');
    await page.clock.runFor(100);
    await expect.poll(() => position(page)).toBe('2 / 2');
    await context.close();
  });

  it('shows Slideshow Not Found for a missing or non-public slideshow', async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    for (const id of [randomUUID(), hiddenShowId, 'not-a-uuid']) {
      await page.goto(`/slideshow/${id}`);
      const heading = page.getByRole('heading', { level: 1, name: 'Slideshow Not Found' });
      await heading.waitFor();
      expect(await page.textContent('main')).toContain('Slideshow not found or not public');
      expect(await page.getByRole('progressbar').count()).toBe(0);
    }
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Back to Gallery' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });

  it("says 'Failed to load slideshow' when the slideshow cannot be fetched", async () => {
    const context = await newVisitor(browser());
    const page = await context.newPage();
    await page.route(`**/api/slideshows/${showId}`, (route) => route.abort('connectionreset'));
    // Opened from another page, so the slideshow comes from the API (a page loaded at its own
    // address carries it already, server/web/boot-data.ts).
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate((id) => {
      window.history.pushState({}, '', `/slideshow/${id}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, showId);
    await expect
      .poll(() => page.textContent('main'), { timeout: 15_000 })
      .toContain('Failed to load slideshow');
    expect(await page.getByRole('progressbar').count()).toBe(0);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
