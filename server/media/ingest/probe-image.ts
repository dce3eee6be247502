import exifr from 'exifr';
import { rgbaToThumbHash } from 'thumbhash';
import type { FileMetadata } from '../../db/schema.ts';
import { openImage } from './open-image.ts';

export interface ImageProbe {
  width: number;
  height: number;
  placeholder: string;
  metadata: FileMetadata | null;
}

/**
 * Decodes the whole image once (shrinking on load where the format allows), which proves it is a
 * readable image within the pixel limit, and yields its oriented size and a ThumbHash placeholder.
 */
export async function probeImage(path: string, mimeType: string): Promise<ImageProbe> {
  const meta = await (await openImage(path, mimeType)).metadata();
  const swapped = (meta.orientation ?? 1) >= 5;
  const width = swapped ? meta.height : meta.width;
  const height = swapped ? meta.width : meta.height;
  if (!width || !height) throw new Error('no dimensions');
  const { data, info } = await (await openImage(path, mimeType))
    .rotate()
    .resize(100, 100, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const placeholder = Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
  return { width, height, placeholder, metadata: await readMetadata(path) };
}

/** EXIF and IPTC, read leniently: a malformed block gives no suggestions, never a refusal. */
export async function readMetadata(path: string): Promise<FileMetadata | null> {
  let tags: Record<string, unknown> | undefined;
  try {
    tags = await exifr.parse(path, { tiff: true, exif: true, gps: true, iptc: true, xmp: false, icc: false });
  } catch {
    return null;
  }
  if (!tags) return null;
  const text = (value: unknown) => {
    const s = Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : undefined;
    const trimmed = s?.replace(/\0/g, '').trim();
    return trimmed ? trimmed.slice(0, 500) : undefined;
  };
  const taken = tags.DateTimeOriginal ?? tags.CreateDate ?? tags.DateCreated;
  const camera = [text(tags.Make), text(tags.Model)].filter(Boolean).join(' ');
  const latitude = Number(tags.latitude);
  const longitude = Number(tags.longitude);
  const metadata: FileMetadata = {
    takenAt: taken instanceof Date && !Number.isNaN(taken.getTime()) ? taken.toISOString() : text(taken),
    camera: camera || undefined,
    gps:
      Number.isFinite(latitude) &&
      Number.isFinite(longitude) &&
      Math.abs(latitude) <= 90 &&
      Math.abs(longitude) <= 180
        ? { latitude, longitude }
        : undefined,
    caption: text(tags.Caption) ?? text(tags.ImageDescription) ?? text(tags.ObjectName),
    creator: text(tags.Byline) ?? text(tags.Artist),
    copyright: text(tags.CopyrightNotice) ?? text(tags.Copyright),
  };
  const present = Object.fromEntries(Object.entries(metadata).filter(([, v]) => v !== undefined));
  return Object.keys(present).length > 0 ? (present as FileMetadata) : null;
}
