/**
 * Issue 27 §5: old video that browsers do not play (an AVI of MJPEG and PCM, a WMV), uploaded by
 * staff, plays in Chromium on the media page from its playable copy: the browser says it can play
 * it, and it plays to its end after a seek near the end (served with ranges). The clips are made
 * by ffmpeg here, a second at 160 × 120. (The lightbox shows images only, public-site.md §2: a
 * video's card opens its media page.)
 */
import { randomInt } from 'node:crypto';
import type { BrowserContext, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '#common/api/media.ts';
import { mjpegPcmAvi, wmvClip } from '#server/test/fixtures.ts';
import {
  adminContext,
  newVisitor,
  sharedBrowser,
  uploadMediaViaApi,
  waitForPlayableCopy,
} from './support.ts';

const browser = sharedBrowser();
const token = `spaela${randomInt(1e9)}`;

let avi: MediaItem;
let wmv: MediaItem;
let visitor: BrowserContext;
let admin: BrowserContext;

beforeAll(async () => {
  admin = await adminContext(browser());
  const [a, w] = await Promise.all([
    uploadMediaViaApi(admin, { title: `Upptøka ${token} AVI`, file: await mjpegPcmAvi() }),
    uploadMediaViaApi(admin, { title: `Upptøka ${token} WMV`, file: await wmvClip() }),
  ]);
  [avi, wmv] = await Promise.all([waitForPlayableCopy(admin, a.id), waitForPlayableCopy(admin, w.id)]);
  visitor = await newVisitor(browser());
}, 150_000);

afterAll(async () => {
  await visitor?.close();
  await admin?.close();
});

/**
 * Waits for the video's `canplay` (or its having fired), then seeks to a tenth of a second before
 * the end and waits for `ended`; muted, so Chromium lets it play without a gesture.
 */
function playToTheEnd(video: Locator) {
  return video.evaluate(async (element) => {
    const v = element as HTMLVideoElement;
    const within = <T>(what: string, promise: Promise<T>) =>
      Promise.race([
        promise,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no ${what} in 20 s`)), 20_000)),
      ]);
    const failed = new Promise<never>((_, reject) =>
      v.addEventListener('error', () =>
        reject(new Error(`media error ${v.error?.code}: ${v.error?.message}`)),
      ),
    );
    const canplay =
      v.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA
        ? Promise.resolve()
        : new Promise<void>((resolve) => v.addEventListener('canplay', () => resolve(), { once: true }));
    v.muted = true;
    v.play().catch(() => {});
    await within('canplay', Promise.race([canplay, failed]));
    const duration = v.duration;
    const ended = new Promise<void>((resolve) =>
      v.addEventListener('ended', () => resolve(), { once: true }),
    );
    v.currentTime = Math.max(0, duration - 0.1);
    await v.play();
    await within('ended', Promise.race([ended, failed]));
    return { duration, ended: v.ended, src: v.currentSrc };
  });
}

describe('old video on the media page', () => {
  for (const which of ['AVI', 'WMV'] as const) {
    it(`plays the ${which}'s copy in Chromium to its end after a seek, the original offered as it was sent`, async () => {
      const item = which === 'AVI' ? avi : wmv;
      const page = await visitor.newPage();
      await page.goto(`/media/${item.id}`);
      const video = page.locator('video');
      await expect.poll(() => video.getAttribute('src'), { timeout: 15_000 }).toBe(item.files.playable);
      // The original is not something Chromium would play.
      const original = which === 'AVI' ? 'video/x-msvideo' : 'video/x-ms-wmv';
      expect(item.mimeType).toBe(original);
      expect(await page.evaluate((type) => document.createElement('video').canPlayType(type), original)).toBe(
        '',
      );

      const played = await playToTheEnd(video);
      expect(played.ended).toBe(true);
      expect(played.duration).toBeGreaterThan(0.8);
      expect(played.duration).toBeLessThan(1.5);
      expect(new URL(played.src).pathname).toBe(`/files/media/${item.id}/playable`);
      // The original, unaltered, is still the download.
      expect(item.files.download).toBe(item.files.original);
      const res = await visitor.request.get(item.files.original!);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe(original);
      await page.close();
    });
  }
});

describe('old video in media management', () => {
  it('tells staff, on each item, that its playable copy is made', async () => {
    const page = await admin.newPage();
    await page.goto(`/admin/media?q=${token}`);
    // In the site's language (Faroese unless the visitor chose English).
    const made = page.getByText(/^(Playable copy made|Avrit, sum kann spælast, er gjørt)$/);
    await expect.poll(() => made.count(), { timeout: 15_000 }).toBe(2);
    await page.close();
  });
});
