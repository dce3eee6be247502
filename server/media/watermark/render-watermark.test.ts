import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_WATERMARK,
  WATERMARK_MARGIN_PX,
  WATERMARK_TYPES,
  type WatermarkPosition,
  type WatermarkSettings,
  type WatermarkType,
} from '#common/watermark.ts';
import { renderWatermarkOverlay, watermarkImage, watermarkToFile } from './render-watermark.ts';

const settings = (overrides: Partial<WatermarkSettings> = {}): WatermarkSettings => ({
  ...DEFAULT_WATERMARK,
  ...overrides,
});

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Where the overlay draws anything at all (alpha > 0), and how much. */
async function inspect(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const box: Box = { left: width, top: height, right: -1, bottom: -1 };
  const quadrants = [0, 0, 0, 0];
  let drawn = 0;
  let alphaSum = 0;
  let maxAlpha = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const alpha = data[(y * width + x) * channels + channels - 1]!;
      if (alpha === 0) continue;
      drawn++;
      alphaSum += alpha;
      maxAlpha = Math.max(maxAlpha, alpha);
      box.left = Math.min(box.left, x);
      box.top = Math.min(box.top, y);
      box.right = Math.max(box.right, x);
      box.bottom = Math.max(box.bottom, y);
      quadrants[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]!++;
    }
  }
  return { width, height, channels, box, quadrants, drawn, alphaSum, maxAlpha };
}

async function overlay(width: number, height: number, overrides: Partial<WatermarkSettings>) {
  const png = await renderWatermarkOverlay(width, height, settings(overrides));
  if (!png) throw new Error('expected an overlay');
  return inspect(png);
}

/** A flat mid-grey photo as the upload pipeline would hand it over: decoded from a JPEG. */
async function greyPhoto(width = 1600, height = 1200): Promise<Buffer> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 } } })
    .jpeg()
    .toBuffer();
  return sharp(jpeg).rotate().toBuffer();
}

async function meanDifference(
  a: Buffer,
  b: Buffer,
  region: { left: number; top: number; width: number; height: number },
) {
  const pixels = (image: Buffer) => sharp(image).removeAlpha().extract(region).raw().toBuffer();
  const [pa, pb] = await Promise.all([pixels(a), pixels(b)]);
  let total = 0;
  for (let i = 0; i < pa.length; i++) total += Math.abs(pa[i]! - pb[i]!);
  return total / pa.length;
}

describe('renderWatermarkOverlay', () => {
  it('is a transparent PNG of exactly the requested size', async () => {
    for (const [width, height] of [
      [400, 300],
      [1601, 999],
      [37, 1200],
    ] as const) {
      const png = await renderWatermarkOverlay(width, height, DEFAULT_WATERMARK);
      const meta = await sharp(png!).metadata();
      expect(meta.format).toBe('png');
      expect([meta.width, meta.height, meta.channels, meta.hasAlpha]).toEqual([width, height, 4, true]);
      const { drawn } = await inspect(png!);
      expect(drawn).toBeGreaterThan(0);
      expect(drawn).toBeLessThan(width * height);
    }
  });

  it("is null for type 'none' and for level 'none'", async () => {
    expect(await renderWatermarkOverlay(400, 300, settings({ type: 'none' }))).toBeNull();
    expect(await renderWatermarkOverlay(400, 300, settings({ level: 'none' }))).toBeNull();
    expect(await renderWatermarkOverlay(400, 300, settings({ type: 'pattern', level: 'none' }))).toBeNull();
  });

  it('draws something for every type on the 400×300 preview sample', async () => {
    for (const type of WATERMARK_TYPES.filter((t): t is Exclude<WatermarkType, 'none'> => t !== 'none')) {
      const { drawn } = await overlay(400, 300, { type });
      expect(drawn, type).toBeGreaterThan(100);
    }
  });

  it('keeps each corner placement inside its corner, at least the margin from the edges', async () => {
    const width = 800;
    const height = 600;
    const m = WATERMARK_MARGIN_PX;
    const corners: Record<string, (box: Box) => void> = {
      top_left: (b) => {
        expect(b.left).toBeGreaterThanOrEqual(m);
        expect(b.top).toBeGreaterThanOrEqual(m);
        expect(b.right).toBeLessThan(width / 2);
        expect(b.bottom).toBeLessThan(height / 2);
      },
      top_right: (b) => {
        expect(b.right).toBeLessThanOrEqual(width - 1 - m);
        expect(b.top).toBeGreaterThanOrEqual(m);
        expect(b.left).toBeGreaterThanOrEqual(width / 2);
        expect(b.bottom).toBeLessThan(height / 2);
      },
      bottom_left: (b) => {
        expect(b.left).toBeGreaterThanOrEqual(m);
        expect(b.bottom).toBeLessThanOrEqual(height - 1 - m);
        expect(b.right).toBeLessThan(width / 2);
        expect(b.top).toBeGreaterThanOrEqual(height / 2);
      },
      bottom_right: (b) => {
        expect(b.right).toBeLessThanOrEqual(width - 1 - m);
        expect(b.bottom).toBeLessThanOrEqual(height - 1 - m);
        expect(b.left).toBeGreaterThanOrEqual(width / 2);
        expect(b.top).toBeGreaterThanOrEqual(height / 2);
      },
    };
    for (const type of ['text', 'logo_text', 'stamp'] as const) {
      for (const [position, check] of Object.entries(corners)) {
        const { box } = await overlay(width, height, { type, position: position as WatermarkPosition });
        check(box);
        // Close to the margin too, not just somewhere in the quadrant.
        const gaps = [box.left, box.top, width - 1 - box.right, height - 1 - box.bottom];
        expect(Math.min(...gaps), `${type} ${position}`).toBeLessThan(m + 15);
      }
    }
  });

  it('centres center and center_bottom horizontally, and puts center_bottom at the bottom margin', async () => {
    const width = 900;
    const height = 600;
    for (const type of ['text', 'logo_text', 'stamp'] as const) {
      const centre = await overlay(width, height, { type, position: 'center' });
      expect(Math.abs((centre.box.left + centre.box.right) / 2 - width / 2)).toBeLessThan(width * 0.02);
      expect(Math.abs((centre.box.top + centre.box.bottom) / 2 - height / 2)).toBeLessThan(height * 0.03);

      const bottom = await overlay(width, height, { type, position: 'center_bottom' });
      expect(Math.abs((bottom.box.left + bottom.box.right) / 2 - width / 2)).toBeLessThan(width * 0.02);
      expect(bottom.box.top).toBeGreaterThan(height / 2);
      expect(bottom.box.bottom).toBeLessThanOrEqual(height - 1 - WATERMARK_MARGIN_PX);
    }
  });

  it('lays the diagonal position and the diagonal type across the centre, rising to the right', async () => {
    for (const overrides of [{ type: 'text', position: 'diagonal' }, { type: 'diagonal' }] as const) {
      const { box, quadrants } = await overlay(1200, 800, overrides);
      expect(Math.abs((box.left + box.right) / 2 - 600)).toBeLessThan(24);
      expect(Math.abs((box.top + box.bottom) / 2 - 400)).toBeLessThan(24);
      const [topLeft, topRight, bottomLeft, bottomRight] = quadrants as [number, number, number, number];
      expect(topRight + bottomLeft).toBeGreaterThan(4 * (topLeft + bottomRight));
    }
    const single = await overlay(1200, 800, { type: 'text', position: 'diagonal' });
    const large = await overlay(1200, 800, { type: 'diagonal' });
    expect(large.box.right - large.box.left).toBeGreaterThan(2 * (single.box.right - single.box.left));
  });

  it('draws fainter at a lower opacity', async () => {
    const full = await overlay(600, 400, { type: 'text', opacity: 100 });
    const faint = await overlay(600, 400, { type: 'text', opacity: 30 });
    expect(full.maxAlpha).toBe(255);
    expect(faint.maxAlpha).toBeLessThan(full.maxAlpha);
    expect(Math.abs(faint.maxAlpha - 0.3 * 255)).toBeLessThanOrEqual(3);
  });

  it('grows the text with the size setting and keeps the minimum on a tiny image', async () => {
    const heights = async (width: number, height: number) => {
      const result: number[] = [];
      for (const size of ['small', 'medium', 'large'] as const) {
        const { box } = await overlay(width, height, { type: 'text', position: 'center', size });
        result.push(box.bottom - box.top + 1);
      }
      return result as [number, number, number];
    };
    const [small, medium, large] = await heights(1600, 1200);
    expect(small).toBeLessThan(medium);
    expect(medium).toBeLessThan(large);
    // Fonts of 24, 48 and 72 px: the ink grows with them (outline and shadow add a little).
    expect(medium / small).toBeGreaterThan(1.6);
    expect(large / medium).toBeGreaterThan(1.3);

    // 2% of 80 px would be under 2 px; the minimums 12, 16 and 24 px hold instead.
    const [tinySmall, tinyMedium, tinyLarge] = await heights(100, 80);
    expect(tinySmall).toBeGreaterThanOrEqual(12);
    expect(tinyMedium).toBeGreaterThanOrEqual(16);
    expect(tinyLarge).toBeGreaterThanOrEqual(24);
    expect(tinySmall).toBeLessThan(tinyMedium);
    expect(tinyMedium).toBeLessThan(tinyLarge);
  });

  it('shrinks long text to fit between the margins', async () => {
    const text = 'Tórshavnar kommuna · Myndasavn · Søgulig myndasavn';
    const { box } = await overlay(800, 600, { type: 'text', position: 'bottom_right', text });
    expect(box.left).toBeGreaterThanOrEqual(WATERMARK_MARGIN_PX);
    expect(box.right).toBeLessThanOrEqual(800 - 1 - WATERMARK_MARGIN_PX);
  });

  it('covers all four quadrants with pattern, more densely at heavy than at light', async () => {
    const byLevel = new Map<string, Awaited<ReturnType<typeof inspect>>>();
    for (const level of ['light', 'medium', 'heavy'] as const) {
      const result = await overlay(1600, 1200, { type: 'pattern', level });
      for (const count of result.quadrants) expect(count, level).toBeGreaterThan(0);
      byLevel.set(level, result);
    }
    const light = byLevel.get('light')!;
    const medium = byLevel.get('medium')!;
    const heavy = byLevel.get('heavy')!;
    expect(heavy.drawn).toBeGreaterThan(medium.drawn);
    expect(medium.drawn).toBeGreaterThan(light.drawn);
    expect(heavy.maxAlpha).toBeGreaterThan(light.maxAlpha);
    // Spec alphas 0.3 and 0.1.
    expect(Math.abs(heavy.maxAlpha - 0.3 * 255)).toBeLessThanOrEqual(3);
    expect(Math.abs(light.maxAlpha - 0.1 * 255)).toBeLessThanOrEqual(3);
  });

  it('covers all four quadrants with tiled, at alpha 0.1 whatever the opacity', async () => {
    const tiled = await overlay(800, 600, { type: 'tiled', opacity: 100 });
    for (const count of tiled.quadrants) expect(count).toBeGreaterThan(0);
    expect(Math.abs(tiled.maxAlpha - 0.1 * 255)).toBeLessThanOrEqual(3);
  });

  it('draws hostile text as text, never as markup', async () => {
    const hostile = [
      '</text><script>alert(1)</script>&',
      '"/><rect width="10000" height="10000" fill="red"/><text>',
      "it's <b>bold</b> & 'quoted' \u0000\u0007 ]]> <!-- -->",
      'lone \ud800 surrogate \uffff',
      '\u0000\u0001 \n',
    ];
    for (const text of hostile) {
      for (const type of ['text', 'logo_text', 'stamp', 'pattern'] as const) {
        const png = await renderWatermarkOverlay(600, 400, settings({ type, text }));
        const { drawn, quadrants } = await inspect(png!);
        expect(drawn, `${type}: ${text}`).toBeGreaterThan(0);
        // An injected full-size rect would paint the whole top-left quadrant.
        if (type !== 'pattern') expect(quadrants[0], `${type}: ${text}`).toBe(0);
      }
    }
  });

  it('refuses sizes that are not positive whole pixels', async () => {
    await expect(renderWatermarkOverlay(0, 100, DEFAULT_WATERMARK)).rejects.toThrow(RangeError);
    await expect(renderWatermarkOverlay(Number.NaN, 100, DEFAULT_WATERMARK)).rejects.toThrow(RangeError);
    await expect(renderWatermarkOverlay(100.5, 100, DEFAULT_WATERMARK)).rejects.toThrow(RangeError);
  });
});

describe('watermarkImage', () => {
  const magic = {
    jpeg: [0xff, 0xd8, 0xff],
    png: [0x89, 0x50, 0x4e, 0x47],
    gif: [0x47, 0x49, 0x46, 0x38],
    webp: [0x52, 0x49, 0x46, 0x46],
    tiff: [0x49, 0x49, 0x2a, 0x00],
  } as const;

  it('watermarks and encodes to each requested format at the same size', async () => {
    const source = await greyPhoto();
    for (const format of ['webp', 'jpeg', 'png', 'gif', 'tiff'] as const) {
      const result = await watermarkImage(source, DEFAULT_WATERMARK, { format });
      expect(result.watermarked, format).toBe(true);
      expect(result.error).toBeUndefined();
      expect([...result.data.subarray(0, magic[format].length)], format).toEqual([...magic[format]]);
      const meta = await sharp(result.data).metadata();
      expect([meta.format, meta.width, meta.height], format).toEqual([format, 1600, 1200]);
      expect([result.width, result.height]).toEqual([1600, 1200]);
    }
  });

  it('changes the pixels where the watermark is and leaves the far corner alone', async () => {
    const source = await greyPhoto();
    const result = await watermarkImage(source, DEFAULT_WATERMARK, { format: 'jpeg' });
    // Default: logo_text at bottom_right; medium font on 1600×1200 is 48 px.
    const mark = { left: 1250, top: 1080, width: 320, height: 90 };
    const farCorner = { left: 0, top: 0, width: 400, height: 300 };
    expect(await meanDifference(source, result.data, mark)).toBeGreaterThan(15);
    expect(await meanDifference(source, result.data, farCorner)).toBeLessThan(1);
  });

  it('uses quality 90 by default and honours another quality', async () => {
    const source = await greyPhoto(800, 600);
    const standard = await watermarkImage(source, DEFAULT_WATERMARK, { format: 'jpeg' });
    const explicit = await watermarkImage(source, DEFAULT_WATERMARK, { format: 'jpeg', quality: 90 });
    const rough = await watermarkImage(source, DEFAULT_WATERMARK, { format: 'jpeg', quality: 30 });
    expect(standard.data.equals(explicit.data)).toBe(true);
    expect(rough.data.length).toBeLessThan(standard.data.length);
  });

  it("only re-encodes for type 'none'", async () => {
    const source = await greyPhoto();
    const result = await watermarkImage(source, settings({ type: 'none' }), { format: 'png' });
    expect(result).toMatchObject({ watermarked: false, width: 1600, height: 1200 });
    expect(result.error).toBeUndefined();
    const [before, after] = await Promise.all([
      sharp(source).raw().toBuffer(),
      sharp(result.data).removeAlpha().raw().toBuffer(),
    ]);
    expect(after.equals(before)).toBe(true);
  });

  it('returns the unwatermarked image with the reason when the watermark cannot be rendered', async () => {
    const source = await greyPhoto(400, 300);
    const broken = settings({ type: 'sparkles' as WatermarkType });
    const result = await watermarkImage(source, broken, { format: 'webp' });
    expect(result.watermarked).toBe(false);
    expect(result.error).toMatch(/^Failed to create watermarked image/);
    const meta = await sharp(result.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 300]);
  });

  it('still throws for input that is not an image, as there is nothing to return', async () => {
    await expect(
      watermarkImage(Buffer.from('not an image'), DEFAULT_WATERMARK, { format: 'jpeg' }),
    ).rejects.toThrow();
  });
});

describe('watermarkToFile', () => {
  const work = mkdtempSync(join(tmpdir(), 'watermark-to-file-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** A photo-like JPEG on disk: noise, so every pixel the mark touches shows it. */
  async function noisyPhoto(width: number, height: number): Promise<string> {
    const path = join(work, `photo-${width}x${height}.jpg`);
    await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 120, sigma: 40 },
      },
    })
      .jpeg({ quality: 90 })
      .toFile(path);
    return path;
  }

  /**
   * How the download was made before it was drawn only where the mark sits: the overlay at the
   * photo's full size (what renderWatermarkOverlay rasterizes), composited over the whole photo.
   */
  async function wholeOverlay(photo: string, width: number, height: number, mark: WatermarkSettings) {
    const overlay = await renderWatermarkOverlay(width, height, mark);
    if (!overlay) throw new Error('expected an overlay');
    return sharp(photo).composite([{ input: overlay }]);
  }

  async function largestDifference(a: Buffer, b: Buffer) {
    const [pa, pb] = await Promise.all([a, b].map((image) => sharp(image).removeAlpha().raw().toBuffer()));
    expect(pa!.length).toBe(pb!.length);
    let largest = 0;
    for (let i = 0; i < pa!.length; i++) largest = Math.max(largest, Math.abs(pa![i]! - pb![i]!));
    return largest;
  }

  const cases: [string, Partial<WatermarkSettings>][] = [
    ...WATERMARK_TYPES.filter((type) => type !== 'none').map((type): [string, Partial<WatermarkSettings>] => [
      type,
      { type },
    ]),
    ...(['top_left', 'top_right', 'bottom_left', 'center', 'center_bottom', 'diagonal'] as const).map(
      (position): [string, Partial<WatermarkSettings>] => [`text at ${position}`, { type: 'text', position }],
    ),
    ['stamp, large, at full opacity', { type: 'stamp', size: 'large', opacity: 100 }],
    [
      'pattern, heavy, Faroese text',
      { type: 'pattern', level: 'heavy', text: 'Føroya Landsskjalasavn – ÁÍÓÚÝÆØ' },
    ],
    ['tiled, small', { type: 'tiled', size: 'small' }],
    ['logo_text, small, long text shrunk to fit', { size: 'small', text: 'Ljósmyndasavn '.repeat(7).trim() }],
  ];

  for (const [width, height] of [
    [900, 600],
    [600, 1000],
  ] as const) {
    it(`draws the same pixels as the full-size overlay did, for every type and position (${width} × ${height})`, async () => {
      const photo = await noisyPhoto(width, height);
      for (const [name, overrides] of cases) {
        const mark = settings(overrides);
        const before = await (await wholeOverlay(photo, width, height, mark)).png().toBuffer();
        const out = join(work, `${width}x${height}-${name}.png`);
        const result = await watermarkToFile(
          () => sharp(photo),
          { width, height },
          mark,
          { format: 'png' },
          out,
        );
        expect(result, name).toMatchObject({ watermarked: true, width, height });
        const after = readFileSync(out);
        expect(await largestDifference(before, after), name).toBe(0);
        // And the mark is there: the photo itself differs.
        expect(await largestDifference(await sharp(photo).png().toBuffer(), after), name).toBeGreaterThan(0);
      }
    }, 300_000);
  }

  it('writes the same JPEG as the full-size overlay for a photo of 6 MP with the default mark, its Huffman tables not optimised', async () => {
    const [width, height] = [3000, 2000];
    const photo = await noisyPhoto(width, height);
    const whole = await wholeOverlay(photo, width, height, DEFAULT_WATERMARK);
    const plain = await whole.clone().jpeg({ quality: 90, optimiseCoding: false }).toBuffer();
    const optimised = await whole.clone().jpeg({ quality: 90 }).toBuffer();
    const out = join(work, 'out.jpg');
    await watermarkToFile(
      () => sharp(photo),
      { width, height },
      DEFAULT_WATERMARK,
      { format: 'jpeg', quality: 90 },
      out,
    );
    const written = readFileSync(out);
    expect(written.equals(plain)).toBe(true);
    // Optimised tables only code the same coefficients shorter: the same pixels, a little smaller.
    expect(written.equals(optimised)).toBe(false);
    expect(await largestDifference(written, optimised)).toBe(0);
    expect(written.length).toBeLessThan(optimised.length * 1.05);
  }, 120_000);
});
