/**
 * A 64-bit difference hash (dHash) of an image: the picture turned upright (EXIF orientation),
 * made grey and squeezed to a 64 × 64 square, then to 9 × 8; each bit says whether a pixel is
 * darker than its right-hand neighbour. Re-encoding, resizing and greying barely move it; a crop
 * moves it a little; a turn by 90° does not survive it, so the three turns are hashed too and a
 * lookup asks with all four (the square in between makes a turn of the image and a turn of the
 * square the same thing).
 */
import type { Sharp } from 'sharp';
import sharp from '../sharp.ts';

export const HASH_BITS = 64;
const SQUARE = 64;

/** The hash as 16 lower-case hex digits (how it is stored: engine-neutral, readable). */
export type Dhash = string;

export interface ImageHashes {
  /** The upright image's hash. */
  upright: Dhash;
  /** The hashes of the image turned by 90°, 180° and 270°. */
  turns: [Dhash, Dhash, Dhash];
}

/** Hashes of an image given as a sharp pipeline over its original (not yet turned upright). */
export async function hashImage(image: Sharp): Promise<ImageHashes> {
  const square = await image
    .rotate()
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(SQUARE, SQUARE, { fit: 'fill' })
    .raw()
    .toBuffer();
  // One byte a pixel (raw output is 8-bit unless asked otherwise; the alpha was flattened away).
  if (square.length !== SQUARE * SQUARE) throw new Error('unexpected hash square');
  const [upright, a, b, c] = await Promise.all([0, 90, 180, 270].map((angle) => hashSquare(square, angle)));
  return { upright: upright!, turns: [a!, b!, c!] };
}

async function hashSquare(square: Buffer, angle: number): Promise<Dhash> {
  const { data, info } = await sharp(square, { raw: { width: SQUARE, height: SQUARE, channels: 1 } })
    .rotate(angle)
    .resize(9, 8, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== 9 || info.height !== 8) throw new Error('unexpected hash grid');
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      bits = (bits << 1n) | (data[y * 9 + x]! < data[y * 9 + x + 1]! ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

/**
 * A hash of all zeros says only that no pixel is darker than its right-hand neighbour: a flat or
 * smoothly shaded picture (a blank page, a test card). Every such picture has it, so it is never
 * offered as a look-alike, and it is not indexed (migration 0036).
 */
export const FEATURELESS: Dhash = '0000000000000000';

/** How many of the 64 bits differ. */
export function hammingDistance(a: Dhash, b: Dhash): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (x) {
    x &= x - 1n;
    count++;
  }
  return count;
}

/** The smallest distance between a stored hash and any turn of another image. */
export function nearestTurnDistance(stored: Dhash, other: ImageHashes): number {
  return Math.min(...[other.upright, ...other.turns].map((h) => hammingDistance(stored, h)));
}
