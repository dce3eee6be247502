/**
 * What an uploaded file says about itself (EXIF/IPTC), kept as suggestions for staff. Read by the
 * server from every stored image and by the upload screen in the browser (to prefill its forms),
 * from the tags exifr gives, the same way in both places. Zod-free, so the web can import it.
 */
export interface FileMetadata {
  takenAt?: string;
  camera?: string;
  gps?: { latitude: number; longitude: number };
  caption?: string;
  creator?: string;
  copyright?: string;
}

/** What exifr is asked for: camera and IPTC texts, GPS; no XMP or ICC. */
export const METADATA_TAG_OPTIONS = {
  tiff: true,
  exif: true,
  gps: true,
  iptc: true,
  xmp: false,
  icc: false,
} as const;

/**
 * An EXIF date as the camera's clock showed it ('1931-07-04T10:00:00'): EXIF dates carry no time
 * zone, and exifr reads them as local time, so the local parts are the camera's own.
 */
function wallClock(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

function text(value: unknown): string | undefined {
  const s = Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : undefined;
  const trimmed = s?.replace(/\0/g, '').trim();
  return trimmed ? trimmed.slice(0, 500) : undefined;
}

/** The suggestions in exifr's tags; null when there are none. Malformed values are left out. */
export function fileMetadataFromTags(tags: Record<string, unknown> | undefined | null): FileMetadata | null {
  if (!tags) return null;
  const taken = tags.DateTimeOriginal ?? tags.CreateDate ?? tags.DateCreated;
  const camera = [text(tags.Make), text(tags.Model)].filter(Boolean).join(' ');
  const latitude = Number(tags.latitude);
  const longitude = Number(tags.longitude);
  const metadata: FileMetadata = {
    takenAt: taken instanceof Date && !Number.isNaN(taken.getTime()) ? wallClock(taken) : text(taken),
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
