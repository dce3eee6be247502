/**
 * Pairs for the near-duplicate check, made from the camera fixtures (server/test/fixtures.ts): each
 * photo against copies of itself as archives receive them again (re-encoded at JPEG quality 60,
 * resized to 50 %, cropped by 5 %, converted to grey, turned by 90°), and against the other photos.
 * Used by the near-duplicate tests and `npm run bench -- duplicates`.
 */
import sharp from 'sharp';
import type { ExifFixture } from './fixtures.ts';

export const TRANSFORMS = ['quality 60', 'half size', 'crop 5 %', 'grey', 'turned 90°'] as const;
export type Transform = (typeof TRANSFORMS)[number];

/** The photos of exif@0.6.0 that are distinct pictures (the 1×1 one is left out). */
export const DISTINCT_PHOTOS: ExifFixture[] = [
  'orientation4',
  'orientation8',
  'gps',
  'gpsNoOrientation',
  'malformed',
  'large',
  'gpsWithoutPosition',
];

/** A copy of the photo at `path` (turned upright first, as a scan of the print would be). */
export async function transformed(path: string, transform: Transform): Promise<Buffer> {
  const upright = await sharp(path).rotate().jpeg({ quality: 95 }).toBuffer();
  const { width = 0, height = 0 } = await sharp(upright).metadata();
  const image = sharp(upright);
  switch (transform) {
    case 'quality 60':
      return image.jpeg({ quality: 60 }).toBuffer();
    case 'half size':
      return image
        .resize(Math.round(width / 2))
        .jpeg({ quality: 90 })
        .toBuffer();
    case 'crop 5 %': {
      const [w, h] = [Math.round(width * 0.95), Math.round(height * 0.95)];
      return image
        .extract({
          left: Math.floor((width - w) / 2),
          top: Math.floor((height - h) / 2),
          width: w,
          height: h,
        })
        .jpeg({ quality: 90 })
        .toBuffer();
    }
    case 'grey':
      return image.greyscale().jpeg({ quality: 90 }).toBuffer();
    case 'turned 90°':
      return image.rotate(90).jpeg({ quality: 90 }).toBuffer();
  }
}
