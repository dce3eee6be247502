/**
 * The face engine on real photos (issue 29 §3): @vladmandic/face-api's own demo photo with three
 * people, and a landscape without anyone (the 6000×4000 night view of Paris of exif@0.6.0), with
 * the models that ship in the package, on the worker thread the job uses.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { FACE_MATCH_THRESHOLD } from '#common/faces.ts';
import { exifFixture, faceApiSample, pixelBombPng } from '#server/test/fixtures.ts';
import {
  closeFaceEngine,
  descriptorDistance,
  FACE_INPUT_PX,
  faceWorkerNiced,
  findFaces,
  findFacesInImage,
  findFacesInPixels,
} from './face-engine.ts';

afterAll(() => closeFaceEngine());

const run = promisify(execFile);

const centre = (face: { x: number; y: number; w: number; h: number }) => [
  face.x + face.w / 2,
  face.y + face.h / 2,
];

describe('findFaces', { timeout: 240_000 }, () => {
  it('finds the three faces of a group photo where they are, each with a 128-number descriptor', async () => {
    const scan = await findFaces(faceApiSample(1), 'image/jpeg');
    // 1920×1280 as stored: the model sees it at 1024 px across.
    expect([scan.width, scan.height]).toEqual([FACE_INPUT_PX, 683]);
    expect(scan.faces).toHaveLength(3);
    const found = scan.faces.map(centre).sort((a, b) => a[0]! - b[0]!);
    // Where the three faces are (measured by eye on the photo: left, middle, right).
    const expected = [
      [0.27, 0.37],
      [0.48, 0.41],
      [0.82, 0.25],
    ];
    for (const [i, [x, y]] of expected.entries()) {
      expect(found[i]![0], `face ${i + 1} across`).toBeCloseTo(x!, 1);
      expect(found[i]![1], `face ${i + 1} down`).toBeCloseTo(y!, 1);
    }
    for (const face of scan.faces) {
      expect(face.descriptor).toHaveLength(128);
      expect(face.descriptor.every(Number.isFinite)).toBe(true);
      expect(face.w).toBeGreaterThan(0.03);
      expect(face.w).toBeLessThan(0.2);
      expect(face.score).toBeGreaterThan(0.5);
    }
    // Different people are farther apart than the threshold; the same face re-encoded is near.
    for (const [i, p] of scan.faces.entries()) {
      for (const q of scan.faces.slice(i + 1)) {
        expect(descriptorDistance(p.descriptor, q.descriptor)).toBeGreaterThan(FACE_MATCH_THRESHOLD);
      }
    }
    const copy = await sharp(faceApiSample(1)).jpeg({ quality: 60 }).toBuffer();
    const again = await findFacesInImage(() => sharp(copy));
    for (const face of scan.faces) {
      const nearest = Math.min(...again.faces.map((f) => descriptorDistance(face.descriptor, f.descriptor)));
      expect(nearest).toBeLessThan(FACE_MATCH_THRESHOLD);
    }
  });

  it('runs on a thread at the lowest priority (nice 19)', () => {
    expect(faceWorkerNiced()).toBe(true);
  });

  it('finds no face on a landscape, a 6000×4000 photo the model sees at 1024 px', async () => {
    const scan = await findFaces(await exifFixture('large'), 'image/jpeg');
    expect([scan.width, scan.height]).toEqual([FACE_INPUT_PX, 683]);
    expect(scan.faces).toEqual([]);
    // Never decoded whole (6000×4000 RGB is 72 MB): libvips shrinks the JPEG as it reads it, so the
    // process's peak memory grows by less than half of one whole decode (a whole decode: ~67 MB;
    // libvips' own high-water mark does not count the decoded pixels, and test files share their
    // process: measured in a process of its own, by the kernel's peak).
    const script = `
      import sharp from 'sharp';
      import { facePixels } from ${JSON.stringify(new URL('./face-engine.ts', import.meta.url).href)};
      const file = ${JSON.stringify(await exifFixture('large'))};
      await sharp(file).metadata();
      const before = process.resourceUsage().maxRSS;
      const { width } = await facePixels({ pipeline: () => sharp(file) });
      console.log(JSON.stringify({ width, grewKb: process.resourceUsage().maxRSS - before }));`;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    const measured = JSON.parse(stdout.trim().split('\n').pop()!) as { width: number; grewKb: number };
    expect(measured.width).toBe(FACE_INPUT_PX);
    expect(measured.grewKb / 1024).toBeLessThan((6000 * 4000 * 3) / 2 / 1_048_576);
  });

  it('refuses a pixel bomb (100,000 × 100,000 claimed) before decoding it', async () => {
    await expect(findFaces(await pixelBombPng(), 'image/png')).rejects.toThrow(/pixel limit/i);
  });

  it('refuses pixels over its bound: the model never gets more than 1024 px a side', async () => {
    const width = FACE_INPUT_PX + 1;
    expect(() => findFacesInPixels({ width, height: 10, pixels: Buffer.alloc(width * 10 * 3) })).toThrow(
      /at most 1024 px/,
    );
  });
});
