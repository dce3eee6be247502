import { rm } from 'node:fs/promises';
import type { Sharp } from 'sharp';
import sharp from '../sharp.ts';
import { convertBmpToPng } from './decode-bmp.ts';

/** Untrusted images: refuse anything past ~268 megapixels (libvips' default) or with errors. */
export const MAX_INPUT_PIXELS = 268_402_689;
export const SHARP_INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;

/** An image ready to read: each call gives a new sharp pipeline over the same source. */
export interface OpenedImage {
  pipeline(): Sharp;
  /** Size as stored, before EXIF orientation. */
  width: number;
  height: number;
  /** EXIF orientation (1–8), 1 when absent. */
  orientation: number;
  /** Removes the working copy, if one was made. */
  close(): Promise<void>;
}

/**
 * Opens an image file for sharp. libvips reads everything but BMP off the main thread, straight
 * from the file (each pipeline decodes it afresh, cheaply: JPEG shrinks on load). libvips as
 * shipped with sharp cannot read BMP (an allowed type for old scans), so a BMP is decoded once, in
 * a worker thread with a pixel cap, into a PNG working copy beside it (`${path}.png`, removed by
 * close()) that every pipeline reads; the original file is left as it is.
 */
export async function openImage(path: string, mimeType: string): Promise<OpenedImage> {
  if (mimeType === 'image/bmp') {
    const copy = `${path}.png`;
    const close = () => rm(copy, { force: true });
    try {
      const bitmap = await convertBmpToPng(path, copy);
      return {
        pipeline: () => sharp(copy, SHARP_INPUT),
        width: bitmap.width,
        height: bitmap.height,
        orientation: 1,
        close,
      };
    } catch (error) {
      await close();
      throw error;
    }
  }
  const meta = await sharp(path, SHARP_INPUT).metadata();
  if (!meta.width || !meta.height) throw new Error('no dimensions');
  return {
    pipeline: () => sharp(path, SHARP_INPUT),
    width: meta.width,
    height: meta.height,
    orientation: meta.orientation ?? 1,
    close: async () => {},
  };
}

/** The size once turned upright (`.rotate()` with no angle): orientations 5–8 swap the sides. */
export function orientedSize(image: OpenedImage): { width: number; height: number } {
  return image.orientation >= 5
    ? { width: image.height, height: image.width }
    : { width: image.width, height: image.height };
}
