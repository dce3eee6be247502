import { open, readFile } from 'node:fs/promises';
import decodeBmp from 'decode-bmp';
import sharp, { type Sharp } from 'sharp';

/** Untrusted images: refuse anything past ~268 megapixels (libvips' default) or with errors. */
export const MAX_INPUT_PIXELS = 268_402_689;
export const SHARP_INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;

/**
 * An image file as a sharp pipeline. libvips as shipped with sharp cannot read BMP (an allowed
 * type for old scans), so BMP is decoded in JavaScript after its header's size is checked against
 * the same pixel limit.
 */
export async function openImage(path: string, mimeType: string): Promise<Sharp> {
  if (mimeType !== 'image/bmp') return sharp(path, SHARP_INPUT);
  const header = Buffer.alloc(26);
  const handle = await open(path, 'r');
  try {
    await handle.read(header, 0, 26, 0);
  } finally {
    await handle.close();
  }
  const width = Math.abs(header.readInt32LE(18));
  const height = Math.abs(header.readInt32LE(22));
  if (width === 0 || height === 0 || width * height > MAX_INPUT_PIXELS)
    throw new Error('BMP size out of bounds');
  const image = decodeBmp(await readFile(path));
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
    limitInputPixels: MAX_INPUT_PIXELS,
  });
}
