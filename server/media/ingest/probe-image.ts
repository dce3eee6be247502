import exifr from 'exifr';
import { rgbaToThumbHash } from 'thumbhash';
import { type FileMetadata, fileMetadataFromTags, METADATA_TAG_OPTIONS } from '#common/file-metadata.ts';
import { hashImage, type ImageHashes } from '../perceptual/dhash.ts';
import { openImage, orientedSize } from './open-image.ts';

export interface ImageProbe {
  width: number;
  height: number;
  placeholder: string;
  metadata: FileMetadata | null;
  /** The near-duplicate hashes (server/media/perceptual). */
  hashes: ImageHashes;
}

/**
 * Decodes the whole image once (shrinking on load where the format allows; a BMP in a worker
 * thread), which proves it is a readable image within the pixel limit, and yields its oriented
 * size, a ThumbHash placeholder and its dHashes (so an upload's answer can name look-alikes).
 */
export async function probeImage(path: string, mimeType: string): Promise<ImageProbe> {
  const image = await openImage(path, mimeType);
  const { width, height } = orientedSize(image);
  const [{ data, info }, hashes] = await Promise.all([
    image
      .pipeline()
      .rotate()
      .resize(100, 100, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true }),
    hashImage(image.pipeline()),
  ]).finally(() => image.close());
  const placeholder = Buffer.from(rgbaToThumbHash(info.width, info.height, data)).toString('base64');
  return { width, height, placeholder, metadata: await readMetadata(path), hashes };
}

/** EXIF and IPTC, read leniently: a malformed block gives no suggestions, never a refusal. */
export async function readMetadata(path: string): Promise<FileMetadata | null> {
  try {
    return fileMetadataFromTags(await exifr.parse(path, METADATA_TAG_OPTIONS));
  } catch {
    return null;
  }
}
