import { randomInt, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '#common/api/media.ts';
import { alsaWav, exifFixture, ghostscriptPdf, mjpegPcmAvi } from '#server/test/fixtures.ts';
import {
  adminContext,
  baseUrl,
  expectNoAxeViolations,
  newVisitor,
  sharedBrowser,
  uploadMediaViaApi,
  waitForPlayableCopy,
} from './support.ts';

const browser = sharedBrowser();
const run = randomInt(1e9);

const RICH = {
  description: 'Fólk savnað á bryggjuni til ólavsøku',
  photographer: 'Elin Jacobsen',
  location: 'Vágur',
  originalDate: '1938-07-29',
  historicalContext: 'Tikin árið áðrenn krígið; bryggjan varð síðani longd.',
  technicalNotes: 'Digitaliserað úr negativi, 600 dpi',
  keywords: 'ólavsøka, bryggja',
  copyrightStatus: 'public_domain',
  copyrightHolder: 'Vágs kommuna',
  commercialUseAllowed: 'true',
  attributionRequired: 'true',
  attributionText: 'Mynd: Vágs kommuna',
};

let photo: MediaItem;
let plain: MediaItem;
let video: MediaItem;
let audio: MediaItem;
let pdf: MediaItem;
let hidden: MediaItem;
let photoPath: string;
let visitor: BrowserContext;

beforeAll(async () => {
  const admin = await adminContext(browser());
  photoPath = await exifFixture('large');
  [photo, plain, video, audio, pdf, hidden] = await Promise.all([
    uploadMediaViaApi(admin, { title: `Ólavsøka í Vági ${run}`, file: photoPath, fields: RICH }),
    uploadMediaViaApi(admin, { title: `Ókend mynd ${run}` }),
    uploadMediaViaApi(admin, { title: `Filmur ${run}`, file: await mjpegPcmAvi() }),
    uploadMediaViaApi(admin, { title: `Ljóð ${run}`, file: await alsaWav() }),
    uploadMediaViaApi(admin, { title: `Skjal ${run}`, file: await ghostscriptPdf() }),
    uploadMediaViaApi(admin, { title: `Loynd mynd ${run}`, fields: { isPublic: 'false' } }),
  ]);
  video = await waitForPlayableCopy(admin, video.id);
  await admin.close();
  visitor = await newVisitor(browser());
}, 120_000);

afterAll(() => visitor?.close());

/** The value beside a label in the page's field lists. */
function field(page: Page, label: string) {
  return page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

async function open(path: string): Promise<Page> {
  const page = await visitor.newPage();
  await page.goto(path);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), { timeout: 15_000 }).toBe(1);
  return page;
}

describe('the media page of an image', () => {
  it('shows every field: MB with one decimal, copyright status with spaces, rights and context', async () => {
    const page = await open(`/media/${photo.id}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(photo.title);
    const body = (await page.textContent('main')) ?? '';
    expect(body).toContain(RICH.description);
    expect(await field(page, 'Photographer').textContent()).toBe(RICH.photographer);
    expect(await field(page, 'Location').textContent()).toBe(RICH.location);
    expect(await field(page, 'Original date').textContent()).toBe('29. juli 1938');
    expect(await field(page, 'Added').textContent()).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(body).toContain(RICH.historicalContext);
    expect(body).toContain(RICH.technicalNotes);

    expect(await field(page, 'File type').textContent()).toBe('Image');
    expect(await field(page, 'Dimensions').textContent()).toBe('6000 × 4000 px');
    expect(photo.fileSize).toBeGreaterThan(6_000_000);
    expect(await field(page, 'File size').textContent()).toBe(
      `${(photo.fileSize / 1024 / 1024).toFixed(1)} MB`,
    );
    expect(await field(page, 'File size').textContent()).toMatch(/^\d+\.\d MB$/);
    expect(await field(page, 'Format').textContent()).toBe('JPG');

    expect(await field(page, 'Copyright status').textContent()).toBe('public domain');
    expect(body).not.toContain('public_domain');
    expect(await field(page, 'Copyright holder').textContent()).toBe(RICH.copyrightHolder);
    expect(await field(page, 'Commercial use allowed').textContent()).toBe('Yes');
    expect(await field(page, 'Attribution required').textContent()).toBe('Yes');
    expect(await field(page, 'Attribution text').textContent()).toBe(RICH.attributionText);
    // The rights statement the status stands for (issue 26 §1): badge, name and link.
    const licence = page.locator('main a[rel~="license"]');
    expect(await licence.getAttribute('href')).toBe('http://creativecommons.org/publicdomain/mark/1.0/');
    expect(await licence.textContent()).toContain('Public Domain Mark 1.0');
    expect(body).toContain(`ID: ${photo.displayId}`);
    await expectNoAxeViolations(page);
    await page.close();

    // Nothing recorded about rights: 'Unknown', and no for both permissions.
    const other = await open(`/media/${plain.id}`);
    expect(plain.copyrightStatus).toBe('unknown');
    expect(await field(other, 'Copyright status').textContent()).toBe('Unknown');
    expect(await field(other, 'Commercial use allowed').textContent()).toBe('No');
    expect(await other.locator('dt', { hasText: /^Copyright holder$/ }).count()).toBe(0);
    await other.close();
  }, 60_000);

  it('counts one view per visit and shows the count plus one; a reload soon after is the same visit', async () => {
    // A visitor of their own: views count once per item and address in 10 minutes.
    const reader = await newVisitor(browser());
    // The count now, as the server answers a view: `visitor` opened this page in the test above, so
    // this one is not counted again, and it includes views still queued, which the item's kept
    // answer shows only within a minute (server/features/media/view-counts.ts).
    const before = (await (await visitor.request.post(`/api/media/${plain.id}/view`)).json())
      .viewCount as number;
    const page = await reader.newPage();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/api/media/${plain.id}/view`)) {
        posts.push(request.url());
      }
    });
    const counted = page.waitForResponse((r) => r.url().endsWith(`/api/media/${plain.id}/view`));
    await page.goto(`/media/${plain.id}`);
    const first = await counted;
    expect(first.status()).toBe(200);
    // The server's count with this view in it (queued views included: they reach the item's row,
    // and the kept answers, within seconds; server/features/media/view-counts.ts).
    expect((await first.json()).viewCount).toBe(before + 1);
    await expect.poll(() => field(page, 'Views').textContent()).toBe(String(before + 1));
    await page.waitForLoadState('networkidle');
    expect(posts).toHaveLength(1);

    const again = page.waitForResponse((r) => r.url().endsWith(`/api/media/${plain.id}/view`));
    await page.reload();
    const second = await again;
    expect(second.status()).toBe(200);
    // The same visit: not counted again.
    expect((await second.json()).viewCount).toBe(before + 1);
    await expect.poll(() => field(page, 'Views').textContent()).toBe(String(before + 1));
    await reader.close();
  });

  it('downloads the watermarked public file, never the original', async () => {
    const asSeen = (await (await visitor.request.get(`/api/media/${photo.id}`)).json()).media as MediaItem;
    expect(asSeen.files.original).toBeNull();
    expect(asSeen.files.download).toContain(`/files/media/${photo.id}/download`);
    expect((await visitor.request.get(`/files/media/${photo.id}/original`)).status()).toBe(404);

    const page = await open(`/media/${photo.id}`);
    const link = page.getByRole('link', { name: 'Download', exact: true });
    const href = (await link.getAttribute('href'))!;
    expect(href).toContain(`/files/media/${photo.id}/download`);
    const response = await visitor.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^image\//);
    expect(response.headers()['content-disposition']).toContain('attachment');

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const saved = await readFile((await download.path())!);
    expect(saved.equals(await response.body())).toBe(true);
    const meta = await sharp(saved).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 6000, 4000]);
    // Not the uploaded bytes: the public copy is a derivative carrying the watermark.
    expect(saved.equals(await readFile(photoPath))).toBe(false);
    await page.close();
  }, 60_000);

  it('shows the image fullscreen and leaves fullscreen from the keyboard', async () => {
    const page = await open(`/media/${photo.id}`);
    const enter = page.getByRole('button', { name: 'View fullscreen' });
    await enter.click();
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.querySelector('img')?.alt ?? null))
      .toBe(photo.title);
    // Focus is on the exit button inside the fullscreen view.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Exit fullscreen');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('View fullscreen');
    await page.close();
  });

  it('toggles the favourite and shares the page link', async () => {
    await visitor.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    const page = await open(`/media/${photo.id}`);
    const heart = page.getByRole('button', { name: 'Favourite', exact: true });
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('gallery_favorites'))).toContain(photo.id);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect.poll(() => page.textContent('main')).toContain('Link copied! Paste to share');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl()}/media/${photo.id}`);
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    await page.close();
  });
});

describe('the media page of other types', () => {
  it('plays a video with its poster frame (an AVI: from its playable copy)', async () => {
    const page = await open(`/media/${video.id}`);
    expect(video.mediaType).toBe('video');
    const player = page.locator('video');
    expect(await player.getAttribute('controls')).not.toBeNull();
    expect(video.files.poster).not.toBeNull();
    expect(await player.getAttribute('poster')).toBe(video.files.poster);
    expect(video.files.playable).not.toBeNull();
    expect(await player.getAttribute('src')).toBe(video.files.playable);
    expect(await page.getByRole('button', { name: 'View fullscreen' }).count()).toBe(0);
    expect(await field(page, 'File type').textContent()).toBe('Video');
    await expectNoAxeViolations(page);
    await page.close();
  });

  it('plays audio under its waveform', async () => {
    const page = await open(`/media/${audio.id}`);
    expect(audio.mediaType).toBe('audio');
    const player = page.locator('audio');
    expect(await player.getAttribute('controls')).not.toBeNull();
    expect(await player.getAttribute('src')).toBe(audio.files.original);
    const waveform = page.getByRole('img', { name: `Waveform of ${audio.title}` });
    expect(await waveform.getAttribute('src')).toBe(audio.files.waveform);
    await expectNoAxeViolations(page);
    await page.close();
  });

  it("shows a PDF in the browser's viewer, with open and download links", async () => {
    const page = await open(`/media/${pdf.id}`);
    expect(pdf.mediaType).toBe('document');
    const frame = page.locator('iframe');
    expect(await frame.getAttribute('title')).toBe(`${pdf.title} (PDF)`);
    expect(await frame.getAttribute('src')).toBe(pdf.files.original);
    const file = await visitor.request.get(pdf.files.original!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    // The browser's own PDF viewer opened inside the frame (the file's sandbox policy allows it).
    const viewerOpened = async () => {
      for (const frame of page.frames()) {
        const html = await frame.content().catch(() => '');
        if (html.includes('application/x-google-chrome-pdf') && html.includes(pdf.id)) return true;
      }
      return false;
    };
    await expect.poll(viewerOpened, { timeout: 15_000 }).toBe(true);
    expect(
      await page.getByRole('link', { name: 'Open the document in a new tab' }).getAttribute('href'),
    ).toBe(pdf.files.original);
    expect(await page.getByRole('link', { name: 'Download the document' }).getAttribute('href')).toBe(
      `${pdf.files.original}&download`,
    );
    expect(await field(page, 'File type').textContent()).toBe('Document');
    await expectNoAxeViolations(page);
    await page.close();
  });
});

describe('a media page that cannot be shown', () => {
  for (const [name, id] of [
    ['does not exist', () => randomUUID()],
    ['is not public', () => hidden.id],
  ] as const) {
    it(`says 'Media Not Found' when the item ${name}, with a way back to the gallery`, async () => {
      const page = await open(`/media/${id()}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Media Not Found');
      expect(await page.textContent('main')).toContain('Media not found or not public');
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Back to Gallery' }).click();
      await expect.poll(() => page.url()).toBe(`${baseUrl()}/`);
      await page.close();
    });
  }

  it("says 'Failed to load media item' when the item cannot be fetched", async () => {
    const page = await visitor.newPage();
    await page.route(`**/api/media/${photo.id}`, (route) => route.abort('connectionreset'));
    // Opened from another page, so the item comes from the API (a page loaded at its own address
    // carries the item already, server/web/boot-data.ts).
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate((id) => {
      window.history.pushState({}, '', `/media/${id}`);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, photo.id);
    await expect
      .poll(() => page.textContent('main'), { timeout: 15_000 })
      .toContain('Failed to load media item');
    await expectNoAxeViolations(page);
    await page.close();
  });
});
