import { type FileMetadata, fileMetadataFromTags, METADATA_TAG_OPTIONS } from '#common/file-metadata.ts';

/** Image types whose EXIF/IPTC blocks exifr reads in the browser. */
const READABLE = /^image\/(jpeg|tiff|png|webp|heic|heif|avif)$/;

/**
 * What an image says about itself (caption, creator, date, copyright), read in the browser when
 * the file is chosen, so the upload screen can prefill its form before any byte is sent. The same
 * reading as the server's (common/file-metadata.ts); the library is fetched only when needed. A
 * file without readable tags, or one exifr cannot parse, simply has no suggestions.
 */
export async function readSuggestions(file: File): Promise<FileMetadata | null> {
  if (!READABLE.test(file.type)) return null;
  try {
    const { default: exifr } = await import('exifr');
    return fileMetadataFromTags(await exifr.parse(file, METADATA_TAG_OPTIONS));
  } catch {
    return null;
  }
}
