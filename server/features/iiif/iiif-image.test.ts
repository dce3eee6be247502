import { pollUntil } from '#server/test/poll.ts';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRole, buildMedia } from '#server/test/factories.ts';
import { uploadForTest } from './upload-for-test.ts';
import { createTestApp, pageShellDir, TEST_ORIGIN, type TestApp } from '#server/test/harness.ts';

/**
 * The Image API over HTTP on a real upload: a 400 × 300 picture of twelve 100 px squares, each its
 * own colour (as the IIIF validator's test image is a grid of coloured squares), so every region,
 * size, rotation and mirroring can be checked by the colour of each square in the decoded answer.
 */
const COLOURS = [
  [
    [230, 30, 30],
    [30, 200, 30],
    [30, 30, 230],
    [230, 230, 30],
  ],
  [
    [30, 230, 230],
    [230, 30, 230],
    [120, 60, 10],
    [250, 150, 200],
  ],
  [
    [10, 10, 10],
    [245, 245, 245],
    [120, 120, 240],
    [60, 140, 60],
  ],
] as const;
type Rgb = readonly [number, number, number];
const at = (row: number, col: number): Rgb => COLOURS[row]![col]!;

async function gridPng(dir: string) {
  const raw = Buffer.alloc(400 * 300 * 3);
  for (let y = 0; y < 300; y++) {
    for (let x = 0; x < 400; x++) raw.set(at(Math.floor(y / 100), Math.floor(x / 100)), (y * 400 + x) * 3);
  }
  const path = join(dir, 'grid.png');
  await sharp(raw, { raw: { width: 400, height: 300, channels: 3 } })
    .png()
    .toFile(path);
  return path;
}

/** The decoded answer: size, channels and the pixel at (x, y). */
async function decode(body: Buffer) {
  const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    channels: info.channels,
    data,
    pixel(x: number, y: number): number[] {
      const i = (y * info.width + x) * info.channels;
      return [...data.subarray(i, i + info.channels)];
    },
  };
}

const near = (got: number[], want: Rgb) =>
  got.length >= 3 && got.every((v, i) => i > 2 || Math.abs(v - want[i]!) <= 10);

let t: TestApp;
let webDir: string;
let admin: Awaited<ReturnType<typeof asRole>>;
let id: string;
const base = () => `/iiif/image/3/${id}`;

const upload = (path: string, fields: Record<string, string> = {}) =>
  uploadForTest(t, admin.cookie!, path, fields);

async function image(path: string) {
  const res = await t.app.inject({ url: `${base()}/${path}` });
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return { res, picture: await decode(res.rawPayload) };
}

let dir: string;
beforeAll(async () => {
  // With a built web app, whose static files answer every other path with the page.
  webDir = pageShellDir();
  t = await createTestApp({ webDir });
  admin = await asRole(t, 'admin');
  const none = await admin.put('/api/admin/watermark', {
    type: 'none',
    position: 'bottom_right',
    opacity: 70,
    size: 'medium',
    level: 'medium',
    text: '',
  });
  expect(none.statusCode, none.body).toBe(200);
  dir = mkdtempSync(join(tmpdir(), 'iiif-test-'));
  id = await upload(await gridPng(dir));
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('GET /iiif/image/3/:id/info.json', () => {
  it('describes the image at level 2 with its limits, sizes and tiles, open to every origin', async () => {
    const res = await t.app.inject({ url: `${base()}/info.json` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers.link).toBe('<http://iiif.io/api/image/3/level2.json>;rel="profile"');
    const info = res.json();
    expect(info).toMatchObject({
      '@context': 'http://iiif.io/api/image/3/context.json',
      id: `${TEST_ORIGIN}${base()}`,
      type: 'ImageService3',
      protocol: 'http://iiif.io/api/image',
      profile: 'level2',
      width: 400,
      height: 300,
      maxWidth: 6000,
      maxHeight: 6000,
      maxArea: 12_000_000,
      tiles: [{ width: 512, height: 512, scaleFactors: [1] }],
      extraQualities: ['gray', 'bitonal'],
      extraFormats: ['webp'],
    });
    expect(info.sizes.at(-1)).toEqual({ width: 400, height: 300 });
  });

  it('answers JSON-LD to a client that asks for it', async () => {
    const res = await t.app.inject({
      url: `${base()}/info.json`,
      headers: { accept: 'application/ld+json' },
    });
    expect(res.headers['content-type']).toMatch(
      /^application\/ld\+json; ?profile="http:\/\/iiif\.io\/api\/image\/3\/context\.json"/,
    );
  });

  it('redirects the base URI to info.json', async () => {
    const res = await t.app.inject({ url: base() });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${TEST_ORIGIN}${base()}/info.json`);
  });

  it('does not open the rest of the archive to other origins', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('GET /iiif/image/3/:id/:region/:size/:rotation/:quality.:format', () => {
  it('serves the whole image at full size, each square in its colour', async () => {
    const { res, picture } = await image('full/max/0/default.jpg');
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect([picture.width, picture.height]).toEqual([400, 300]);
    for (let row = 0; row < 3; row++) {
      for (let col = 0; col < 4; col++) {
        expect(near(picture.pixel(col * 100 + 50, row * 100 + 50), at(row, col)), `${row},${col}`).toBe(true);
      }
    }
  });

  it('cuts regions by pixels, by percent and as a square, and names the canonical URL', async () => {
    const pixels = await image('100,100,100,100/max/0/default.png');
    expect([pixels.picture.width, pixels.picture.height]).toEqual([100, 100]);
    expect(near(pixels.picture.pixel(50, 50), at(1, 1))).toBe(true);

    const pct = await image('pct:50,0,25,100/max/0/color.png');
    expect([pct.picture.width, pct.picture.height]).toEqual([100, 300]);
    expect(near(pct.picture.pixel(50, 250), at(2, 2))).toBe(true);
    expect(pct.res.headers.link).toBe(
      `<${TEST_ORIGIN}${base()}/200,0,100,300/max/0/default.png>;rel="canonical", <http://iiif.io/api/image/3/level2.json>;rel="profile"`,
    );

    const square = await image('square/max/0/default.png');
    expect([square.picture.width, square.picture.height]).toEqual([300, 300]);
    // Centred: x from 50 to 350, so its left edge is in column 0 and its right in column 3.
    expect(near(square.picture.pixel(10, 10), at(0, 0))).toBe(true);
    expect(near(square.picture.pixel(290, 10), at(0, 3))).toBe(true);

    // Partly outside: clipped to the image.
    const edge = await image('350,250,100,100/max/0/default.png');
    expect([edge.picture.width, edge.picture.height]).toEqual([50, 50]);
    expect(near(edge.picture.pixel(25, 25), at(2, 3))).toBe(true);
  });

  it('scales by w, ,h, pct, w,h, !w,h and, with ^, up', async () => {
    const cases: [string, number, number][] = [
      ['200,', 200, 150],
      [',150', 200, 150],
      ['pct:50', 200, 150],
      ['200,100', 200, 100],
      ['!200,200', 200, 150],
      // A box larger than the image without ^: the image at its own size (never upscaled).
      ['!800,800', 400, 300],
      ['!2000,3000', 400, 300],
      ['^800,', 800, 600],
      ['^pct:150', 600, 450],
      ['^!1000,450', 600, 450],
    ];
    for (const [size, width, height] of cases) {
      const { picture } = await image(`full/${size}/0/default.png`);
      expect([picture.width, picture.height], size).toEqual([width, height]);
      expect(near(picture.pixel(Math.floor(width * 0.875), Math.floor(height * 0.833)), at(2, 3)), size).toBe(
        true,
      );
    }
  });

  it('rotates by quarter turns and mirrors before rotating', async () => {
    // Which original square ends up in each corner: [top-left, top-right, bottom-left].
    const cases: [string, number, number, Rgb[]][] = [
      ['90', 300, 400, [at(2, 0), at(0, 0), at(2, 3)]],
      ['180', 400, 300, [at(2, 3), at(2, 0), at(0, 3)]],
      ['270', 300, 400, [at(0, 3), at(2, 3), at(0, 0)]],
      ['!0', 400, 300, [at(0, 3), at(0, 0), at(2, 3)]],
      ['!90', 300, 400, [at(2, 3), at(0, 3), at(2, 0)]],
      ['!180', 400, 300, [at(2, 0), at(2, 3), at(0, 0)]],
    ];
    for (const [rotation, width, height, [topLeft, topRight, bottomLeft]] of cases) {
      const { picture } = await image(`full/max/${rotation}/default.png`);
      expect([picture.width, picture.height], rotation).toEqual([width, height]);
      expect(near(picture.pixel(10, 10), topLeft!), `${rotation} top-left`).toBe(true);
      expect(near(picture.pixel(width - 10, 10), topRight!), `${rotation} top-right`).toBe(true);
      expect(near(picture.pixel(10, height - 10), bottomLeft!), `${rotation} bottom-left`).toBe(true);
    }
  });

  it('answers in gray and in black and white', async () => {
    const gray = await image('full/max/0/gray.png');
    for (let i = 0; i < gray.picture.data.length; i += gray.picture.channels) {
      const [r, g, b] = [...gray.picture.data.subarray(i, i + 3)];
      if (gray.picture.channels >= 3) expect(r === g && g === b).toBe(true);
    }
    // Red (230,30,30) is darker than yellow (230,230,30) in gray too.
    expect(gray.picture.pixel(50, 50)[0]!).toBeLessThan(gray.picture.pixel(350, 50)[0]!);
    const bitonal = await image('full/max/0/bitonal.png');
    const values = new Set(bitonal.picture.data);
    expect([...values].sort((a, b) => a - b)).toEqual([0, 255]);
    expect(bitonal.picture.pixel(50, 250)[0]).toBe(0); // near-black square
    expect(bitonal.picture.pixel(150, 250)[0]).toBe(255); // near-white square
  });

  it('answers jpg, png and webp', async () => {
    const magic: [string, (b: Buffer) => boolean, string][] = [
      ['jpg', (b) => b[0] === 0xff && b[1] === 0xd8, 'image/jpeg'],
      ['png', (b) => b.subarray(1, 4).toString() === 'PNG', 'image/png'],
      ['webp', (b) => b.subarray(8, 12).toString() === 'WEBP', 'image/webp'],
    ];
    for (const [format, check, type] of magic) {
      const { res } = await image(`0,0,100,100/50,/0/default.${format}`);
      expect(check(res.rawPayload), format).toBe(true);
      expect(res.headers['content-type']).toBe(type);
    }
  });

  it('keeps each answer: a second request reads the kept file', async () => {
    const first = await t.app.inject({ url: `${base()}/0,0,200,200/73,/0/default.webp` });
    expect(first.headers['x-iiif-cache']).toBe('miss');
    const second = await t.app.inject({ url: `${base()}/0,0,200,200/73,/0/default.webp` });
    expect(second.headers['x-iiif-cache']).toBe('hit');
    expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
    // The same picture asked another way is the same kept file (keyed by its canonical form).
    const same = await t.app.inject({ url: `${base()}/pct:0,0,50,66.6667/73,73/0/color.webp` });
    expect(same.headers['x-iiif-cache']).toBe('hit');
  });

  it('refuses bad requests with 400 and valid ones it does not do with 501', async () => {
    const cases: [string, number][] = [
      ['abc/max/0/default.jpg', 400],
      ['0,0,0,10/max/0/default.jpg', 400],
      ['0,0,10/max/0/default.jpg', 400],
      ['-1,0,10,10/max/0/default.jpg', 400],
      ['400,0,10,10/max/0/default.jpg', 400],
      ['pct:0,0,0,10/max/0/default.jpg', 400],
      ['full/full/0/default.jpg', 400],
      ['full/0,/0/default.jpg', 400],
      ['full/401,/0/default.jpg', 400],
      ['full/pct:101/0/default.jpg', 400],
      ['full/^6001,/0/default.jpg', 400],
      ['full/abc/0/default.jpg', 400],
      ['full/max/45/default.jpg', 501],
      ['full/max/361/default.jpg', 400],
      ['full/max/abc/default.jpg', 400],
      ['full/max/0/best.jpg', 400],
      ['full/max/0/default', 400],
      ['full/max/0/default.tif', 501],
      ['full/max/0/default.xyz', 400],
    ];
    const wrong: string[] = [];
    for (const [path, status] of cases) {
      const res = await t.app.inject({ url: `${base()}/${path}` });
      if (res.statusCode !== status) wrong.push(`${path}: ${res.statusCode} ${res.body}`);
      else if (res.headers['access-control-allow-origin'] !== '*') wrong.push(`${path}: no CORS`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 404 for an unknown, malformed or non-public identifier, and for what is not an image', async () => {
    const hidden = await upload(await gridPng(mkdtempSync(join(tmpdir(), 'iiif-hidden-'))), {
      isPublic: 'false',
    });
    const sound = await buildMedia(t, { media_type: 'audio', mime_type: 'audio/wav', is_public: true });
    const ids = [sound.id, '00000000-0000-4000-8000-000000000000', 'a%2Fb', 'not-an-id', hidden];
    for (const other of ids) {
      const info = await t.app.inject({ url: `/iiif/image/3/${other}/info.json` });
      expect(info.statusCode, other).toBe(404);
      const tile = await t.app.inject({ url: `/iiif/image/3/${other}/full/max/0/default.jpg` });
      expect(tile.statusCode, other).toBe(404);
    }
    // An identifier with an unescaped slash, or a request with a part missing or too many.
    for (const path of ['/iiif/image/3/a/b/full/max/0/default.jpg', `${base()}/full/max/0`, '/iiif/other']) {
      const res = await t.app.inject({ url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    // Unpublished after being served: gone at once.
    await admin.patch(`/api/admin/media/${id}`, { isPublic: false });
    expect((await t.app.inject({ url: `${base()}/full/max/0/default.jpg` })).statusCode).toBe(404);
    await admin.patch(`/api/admin/media/${id}`, { isPublic: true });
    expect((await t.app.inject({ url: `${base()}/full/max/0/default.jpg` })).statusCode).toBe(200);
  });
});

describe('the watermark', () => {
  it('is on every IIIF answer exactly as on the public download', async () => {
    const set = await admin.put('/api/admin/watermark', {
      type: 'stamp',
      position: 'center',
      opacity: 90,
      size: 'large',
      level: 'heavy',
      text: 'IIIF WATERMARK',
    });
    expect(set.statusCode, set.body).toBe(200);
    const marked = await upload(await gridPng(mkdtempSync(join(tmpdir(), 'iiif-marked-'))));
    const item = (await admin.get(`/api/media/${marked}`)).json().media;
    const download = await decode((await t.app.inject({ url: item.files.download })).rawPayload);
    const served = await decode(
      (await t.app.inject({ url: `/iiif/image/3/${marked}/full/max/0/default.png` })).rawPayload,
    );
    const plain = await decode(await sharp(join(dir, 'grid.png')).toBuffer());
    /** The share of pixels that differ clearly (by more than 40 in some channel). */
    const changed = (a: Awaited<ReturnType<typeof decode>>, b: Awaited<ReturnType<typeof decode>>) => {
      let count = 0;
      for (let y = 0; y < a.height; y++) {
        for (let x = 0; x < a.width; x++) {
          const p = a.pixel(x, y);
          const q = b.pixel(x, y);
          if ([0, 1, 2].some((c) => Math.abs(p[c]! - q[c]!) > 40)) count += 1;
        }
      }
      return count / (a.width * a.height);
    };
    expect([served.width, served.height]).toEqual([download.width, download.height]);
    // The mark is there, where the download has it, and nowhere else.
    expect(changed(served, plain)).toBeGreaterThan(0.01);
    expect(changed(served, download)).toBeLessThan(0.002);
  });
});

describe('the kept files', () => {
  it('stay within their bound, the least recently used going first', async () => {
    const bound = 60_000;
    const small = await createTestApp({ config: { iiifCacheBytes: bound } });
    const saved = { t, admin, id };
    try {
      t = small;
      admin = await asRole(small, 'admin');
      id = await upload(join(dir, 'grid.png'));
      for (const size of ['100,', '150,', '200,', '250,', '300,', '350,', '400,']) {
        await image(`full/${size}/0/default.png`);
      }
      const cacheDir = join(small.dataDir, 'iiif-cache');
      const kept = () => {
        let total = 0;
        for (const sub of readdirSync(cacheDir)) {
          for (const name of readdirSync(join(cacheDir, sub)))
            total += statSync(join(cacheDir, sub, name)).size;
        }
        return total;
      };
      // A file is put out once the answer that held it has been sent: the last one's eviction may
      // still be under way when its bytes arrive.
      const total = await pollUntil('the kept files are within their bound', () => {
        const now = kept();
        return now <= bound && now;
      });
      expect(total).toBeGreaterThan(0);
      // Still answered after its pyramid was put out.
      await image('full/120,/0/default.png');
    } finally {
      ({ t, admin, id } = saved);
      await small.close();
    }
  });
});
