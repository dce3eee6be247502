import { randomInt } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '#common/api/media.ts';
import { adminContext, baseUrl, newVisitor, sharedBrowser, uploadMediaViaApi } from './support.ts';

/**
 * A IIIF viewer we did not write opens an item's manifest: Mirador (npm `mirador`, a
 * devDependency) is bundled here with esbuild into a test page served from a port of its own, so
 * the manifest, the info.json and the tiles cross origins as they do for a researcher's Mirador,
 * and the archive's CORS headers are what lets them through. Mirador is never shipped to
 * visitors (the last test looks through the built web app for it; e2e/bundle.e2e.ts holds the
 * public first load within its budget). The page may reach nothing but this machine: every other
 * request is refused and fails the test, so nothing from the internet (fonts, say) is needed to
 * draw the image.
 */
const browser = sharedBrowser();
const ROOT = resolve(import.meta.dirname, '..');
const run = randomInt(1e9);

/** Left half crimson, right half teal: the drawn canvas must show both, side by side. */
const LEFT = { r: 220, g: 20, b: 60 };
const RIGHT = { r: 0, g: 128, b: 128 };
const WIDTH = 2400;
const HEIGHT = 1600;

let photo: MediaItem;
let pageServer: Server;
let pageUrl: string;
let bundle: string;
/** A string of Mirador's own, in every build of it. */
const MIRADOR_MARK = 'mirador/UPDATE_WORKSPACE_MOSAIC_LAYOUT';
let visitor: BrowserContext;

async function twoColourImage(): Promise<string> {
  const half = (colour: typeof LEFT) =>
    sharp({ create: { width: WIDTH / 2, height: HEIGHT, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const file = join(tmpdir(), `mirador-${run}.png`);
  await writeFile(
    file,
    await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: LEFT } })
      .composite([{ input: await half(RIGHT), left: WIDTH / 2, top: 0 }])
      .png()
      .toBuffer(),
  );
  return file;
}

/** Mirador and its React, bundled for the browser as a site embedding it would. */
async function miradorBundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents: "import { viewer } from 'mirador';\nviewer(window.MIRADOR_CONFIG);\n",
      resolveDir: ROOT,
      loader: 'js',
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

beforeAll(async () => {
  let file: string;
  [bundle, file] = await Promise.all([miradorBundle(), twoColourImage()]);
  const admin = await adminContext(browser());
  photo = await uploadMediaViaApi(admin, { title: `Mirador ${run}`, file });
  await admin.close();

  const manifestId = `${baseUrl()}/iiif/presentation/3/item/${photo.id}`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mirador test page</title>
<style>html,body{margin:0;height:100%}#viewer{position:absolute;inset:0}</style></head>
<body><div id="viewer"></div>
<script>window.MIRADOR_CONFIG = ${JSON.stringify({
    id: 'viewer',
    windows: [{ manifestId, thumbnailNavigationPosition: 'off' }],
    window: { allowClose: false, allowMaximize: false, sideBarOpenByDefault: false },
    workspaceControlPanel: { enabled: false },
  })};</script>
<script src="/mirador.js"></script></body></html>`;
  pageServer = createServer((request, response) => {
    if (request.url === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    } else if (request.url === '/mirador.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(bundle);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((listening) => pageServer.listen(0, '127.0.0.1', listening));
  pageUrl = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}/`;
  // Not the archive's page: nothing marks it ready, so goto waits for its load alone.
  visitor = await newVisitor(browser(), { baseUrl: pageUrl, waitForScripts: false });
}, 180_000);

afterAll(async () => {
  await visitor?.close();
  await new Promise((closed) => (pageServer ? pageServer.close(closed) : closed(undefined)));
});

/** The share of a PNG's pixels within 40 of each colour channel of `colour`. */
async function shareOf(png: Buffer, colour: typeof LEFT) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let near = 0;
  for (let i = 0; i < data.length; i += 3) {
    if (
      Math.abs(data[i]! - colour.r) < 40 &&
      Math.abs(data[i + 1]! - colour.g) < 40 &&
      Math.abs(data[i + 2]! - colour.b) < 40
    )
      near += 1;
  }
  return near / (info.width * info.height);
}

describe('Mirador opens a manifest of the archive', () => {
  it('draws the image from the IIIF image service, across origins, with nothing from the internet', async () => {
    const outside: string[] = [];
    await visitor.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (['127.0.0.1', 'localhost'].includes(url.hostname)) return route.continue();
      outside.push(url.href);
      return route.abort('blockedbyclient');
    });
    const page = await visitor.newPage();
    const iiif: { url: string; status: number; cors: string | undefined }[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/iiif/')) {
        iiif.push({
          url: response.url(),
          status: response.status(),
          cors: response.headers()['access-control-allow-origin'],
        });
      }
    });
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(`${request.url()}: ${request.failure()?.errorText}`));
    await page.goto(pageUrl);

    // Mirador shows the manifest's label: it fetched and understood the manifest.
    await expect.poll(() => page.getByText(`Mirador ${run}`).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const canvas = page.locator('.openseadragon-canvas').first();
    await canvas.waitFor({ timeout: 30_000 });

    // The tiles come from this archive's image service, answered 200 with CORS open.
    const tile = new RegExp(`/iiif/image/3/${photo.id}/[^/]+/[^/]+/0/default\\.(jpg|png|webp)`);
    await expect
      .poll(() => iiif.some((r) => tile.test(r.url) && r.status === 200), { timeout: 30_000 })
      .toBe(true);
    expect(iiif.some((r) => r.url.endsWith(`/iiif/presentation/3/item/${photo.id}`))).toBe(true);
    expect(iiif.some((r) => r.url.endsWith(`/iiif/image/3/${photo.id}/info.json`))).toBe(true);

    // And they are painted: the viewer's canvas shows the crimson half left of the teal half.
    await expect
      .poll(
        async () => {
          const shot = await canvas.screenshot();
          const { width = 0, height = 0 } = await sharp(shot).metadata();
          const half = Math.floor(width / 2);
          const left = await sharp(shot).extract({ left: 0, top: 0, width: half, height }).png().toBuffer();
          const right = await sharp(shot)
            .extract({ left: half, top: 0, width: width - half, height })
            .png()
            .toBuffer();
          return (await shareOf(left, LEFT)) > 0.15 && (await shareOf(right, RIGHT)) > 0.15;
        },
        { timeout: 30_000 },
      )
      .toBe(true);

    expect(iiif.filter((r) => r.status >= 400).map((r) => `${r.status} ${r.url}`)).toEqual([]);
    expect(iiif.filter((r) => r.cors !== '*').map((r) => r.url)).toEqual([]);
    expect(outside).toEqual([]);
    expect(failed).toEqual([]);
    await page.close();
  });

  it('is not in the web app the archive serves', () => {
    expect(bundle).toContain(MIRADOR_MARK);
    const assets = join(ROOT, process.env.WEB_DIR ?? 'dist', 'assets');
    const withMirador = readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .filter((name) => readFileSync(join(assets, name), 'utf8').includes(MIRADOR_MARK));
    expect(withMirador).toEqual([]);
  });
});
