import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import exifr from 'exifr';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  alsaWav,
  compoundFile,
  EXIF_FILES,
  emptyFile,
  exifFixture,
  exifFixtures,
  FIXTURES_DIR,
  fileOfSize,
  freedesktopOgg,
  ghostscriptHtml,
  ghostscriptHtmlFragment,
  ghostscriptPdf,
  HTML_PAYLOAD,
  htmlNamedJpg,
  imageFixture,
  jpegHtmlPolyglot,
  NAMES,
  OPENCV_AVIS,
  opencvAvi,
  openXmlFile,
  PIXEL_BOMB_SIZE,
  pixelBombPng,
  scratchPath,
  svgNamedJpg,
  textFile,
  truncatedJpeg,
} from './fixtures.ts';

const DOWNLOAD_TIMEOUT = 300_000;

async function sizeOf(path: string): Promise<number> {
  return (await stat(path)).size;
}

async function mimeOf(path: string): Promise<string | undefined> {
  return (await fileTypeFromFile(path))?.mime;
}

describe('exif@0.6.0 test JPEGs', () => {
  it(
    'are cached in the repository’s .test-data and hold what EXIF_FILES says',
    async () => {
      const dir = await exifFixtures();
      expect(dir).toBe(join(FIXTURES_DIR, 'exif-0.6.0'));
      for (const name of Object.values(EXIF_FILES)) {
        expect(existsSync(join(dir, name)), name).toBe(true);
        expect(await mimeOf(join(dir, name)), name).toBe('image/jpeg');
      }
      const meta = async (which: keyof typeof EXIF_FILES) => sharp(await exifFixture(which)).metadata();
      expect(await meta('orientation4')).toMatchObject({ width: 480, height: 640, orientation: 4 });
      expect(await meta('orientation8')).toMatchObject({ width: 640, height: 480, orientation: 8 });
      expect(await meta('large')).toMatchObject({ width: 6000, height: 4000 });
      expect(await sizeOf(await exifFixture('large'))).toBeGreaterThan(6_000_000);
      expect(await meta('malformed')).toMatchObject({ width: 640, height: 480 });
      const gps = await exifr.gps(await exifFixture('gps'));
      expect(gps?.latitude).toBeCloseTo(37.885, 3);
      expect(gps?.longitude).toBeCloseTo(-122.6225, 3);
    },
    DOWNLOAD_TIMEOUT,
  );

  it(
    'are fetched once even when asked for at the same time',
    async () => {
      const dirs = await Promise.all([exifFixtures(), exifFixtures(), exifFixtures()]);
      expect(new Set(dirs).size).toBe(1);
    },
    DOWNLOAD_TIMEOUT,
  );
});

describe('Debian package files', () => {
  it(
    'alsa-utils gives a WAV',
    async () => {
      const path = await alsaWav();
      expect(basename(path)).toBe('Front_Center.wav');
      expect(await mimeOf(path)).toBe('audio/wav');
      expect(await sizeOf(path)).toBeGreaterThan(100_000);
    },
    DOWNLOAD_TIMEOUT,
  );

  it(
    'sound-theme-freedesktop gives an Ogg Vorbis sound',
    async () => {
      const path = await freedesktopOgg();
      expect(await mimeOf(path)).toBe('audio/ogg');
      expect((await readFile(path)).includes('vorbis')).toBe(true);
      expect(await sizeOf(path)).toBeGreaterThan(4_000);
    },
    DOWNLOAD_TIMEOUT,
  );

  it(
    'ghostscript-doc gives a PDF and HTML pages',
    async () => {
      const pdf = await ghostscriptPdf();
      expect(await mimeOf(pdf)).toBe('application/pdf');
      expect(await sizeOf(pdf)).toBeGreaterThan(1_000_000);
      expect((await readFile(await ghostscriptHtml(), 'utf8')).startsWith('<!DOCTYPE html>')).toBe(true);
      expect((await readFile(await ghostscriptHtmlFragment(), 'utf8')).startsWith('<!--')).toBe(true);
    },
    DOWNLOAD_TIMEOUT,
  );

  it(
    'opencv-doc gives its sample AVI files, unpacked alone',
    async () => {
      for (const name of OPENCV_AVIS) {
        const path = await opencvAvi(name);
        expect(basename(path)).toBe(name);
        expect(await mimeOf(path), name).toBe('video/vnd.avi');
        expect(await sizeOf(path), name).toBeGreaterThan(500_000);
      }
      // Only the videos were kept, not the 95 MB package.
      if (!(await opencvAvi('tree.avi')).startsWith('/usr/')) {
        const { readdir } = await import('node:fs/promises');
        expect((await readdir(dirname(await opencvAvi('tree.avi')))).sort()).toEqual([...OPENCV_AVIS].sort());
      }
    },
    DOWNLOAD_TIMEOUT,
  );

  it(
    'throws a clear error for a file a package does not have',
    async () => {
      const { debianFixture } = await import('./fixtures.ts');
      await expect(debianFixture('alsa-utils', 'usr/share/sounds/alsa/No_Such.wav')).rejects.toThrow(
        'The Debian package alsa-utils has no usr/share/sounds/alsa/No_Such.wav',
      );
    },
    DOWNLOAD_TIMEOUT,
  );
});

describe('generated files', () => {
  it('images of each format', async () => {
    for (const format of ['jpeg', 'png', 'gif', 'webp', 'tiff', 'bmp'] as const) {
      const path = await imageFixture(format, { width: 40, height: 30 });
      expect(await mimeOf(path), format).toBe(`image/${format}`);
      if (format !== 'bmp') expect(await sharp(path).metadata()).toMatchObject({ width: 40, height: 30 });
    }
    const bmp = await readFile(await imageFixture('bmp', { width: 40, height: 30 }));
    expect(bmp.readInt32LE(18)).toBe(40);
    expect(bmp.readInt32LE(22)).toBe(30);
    expect(bmp.readUInt32LE(2)).toBe(bmp.length);
  });

  it('a pixel bomb: a small PNG whose header claims 100,000 × 100,000 pixels', async () => {
    const path = await pixelBombPng();
    expect(await sizeOf(path)).toBeLessThan(1_000);
    expect(await mimeOf(path)).toBe('image/png');
    expect(await sharp(path, { limitInputPixels: false }).metadata()).toMatchObject({
      format: 'png',
      width: PIXEL_BOMB_SIZE.width,
      height: PIXEL_BOMB_SIZE.height,
    });
    await expect(sharp(path).metadata()).rejects.toThrow(/pixel limit/i);
  });

  it('a truncated JPEG: JPEG magic, but its data stops half-way', async () => {
    const path = await truncatedJpeg();
    expect(await mimeOf(path)).toBe('image/jpeg');
    const bytes = await readFile(path);
    expect(bytes.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(false);
    await expect(sharp(path, { failOn: 'truncated' }).toBuffer()).rejects.toThrow();
  });

  it('HTML and SVG named photo.jpg', async () => {
    const html = await htmlNamedJpg();
    expect(basename(html)).toBe('photo.jpg');
    expect(await readFile(html, 'utf8')).toBe(HTML_PAYLOAD);
    const svg = await svgNamedJpg();
    expect(basename(svg)).toBe('photo.jpg');
    expect(await readFile(svg, 'utf8')).toMatch(/^<svg [^>]*onload=/);
    expect(dirname(html)).not.toBe(dirname(svg));
  });

  it('a JPEG/HTML polyglot that still decodes as a JPEG', async () => {
    const path = await jpegHtmlPolyglot();
    const bytes = await readFile(path);
    expect(bytes.subarray(0, 4).equals(Buffer.from([0xff, 0xd8, 0xff, 0xfe]))).toBe(true);
    expect(bytes.toString('latin1').split('<script>').length - 1).toBe(2);
    expect(bytes.toString('utf8').endsWith(HTML_PAYLOAD)).toBe(true);
    expect(await sharp(path).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    await sharp(path).toBuffer();
  });

  it('empty files and files of an exact size', async () => {
    const empty = await emptyFile('nothing.jpg');
    expect(basename(empty)).toBe('nothing.jpg');
    expect(await sizeOf(empty)).toBe(0);
    const limit = 52_428_800;
    for (const bytes of [limit, limit + 1]) {
      const path = await fileOfSize(bytes);
      expect(await sizeOf(path)).toBe(bytes);
      expect(await mimeOf(path)).toBe('image/jpeg');
    }
    expect(await sizeOf(await fileOfSize(10))).toBe(10);
  });

  it('Office files: a compound file header and minimal .docx/.xlsx packages', async () => {
    expect(await mimeOf(await compoundFile())).toBe('application/x-cfb');
    expect(await mimeOf(await openXmlFile('docx'))).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(await mimeOf(await openXmlFile('xlsx'))).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });

  it('text files', async () => {
    const path = await textFile();
    expect(await mimeOf(path)).toBeUndefined();
    expect(await readFile(path, 'utf8')).toContain('Skrivað');
  });

  it('hostile names are only names: the helpers refuse to write to them', async () => {
    expect(NAMES.traversal).toBe('../../etc/passwd.jpg');
    expect(NAMES.nul).toBe('photo\u0000.jpg');
    expect(NAMES.longUnicode.endsWith('.jpg')).toBe(true);
    expect(NAMES.longUnicode.length).toBeGreaterThan(950);
    expect(NAMES.longUnicode).toMatch(/[øðá]/);
    for (const name of [NAMES.traversal, NAMES.windowsTraversal, NAMES.nul, '..', '']) {
      await expect(scratchPath(name), JSON.stringify(name)).rejects.toThrow(/Not a plain file name/);
    }
    await expect(emptyFile(NAMES.traversal)).rejects.toThrow(/Not a plain file name/);
  });
});
