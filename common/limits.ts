/** Limits from the specs, in one place. */
export const MIN_PASSWORD_LENGTH = 6;

export const SUBMISSION_MAX_FILES = 5;
export const SUBMISSION_MAX_BYTES = 52_428_800;
export const UPLOAD_MAX_FILES = 20;
export const UPLOAD_MAX_BYTES = 104_857_600;
export const DOCUMENT_MAX_FILES = 1;
export const DOCUMENT_MAX_BYTES = 26_214_400;
/**
 * The largest `.metadata.json` sidecar `npm run import` reads (a bag's, server/export/bagit.ts):
 * it is read whole and parsed, so it is bounded before it is read. An item's sidecar as the
 * export writes it is a few kilobytes; 1 MiB leaves room for long descriptions and contexts.
 */
export const SIDECAR_MAX_BYTES = 1_048_576;
/**
 * The largest metadata CSV `npm run import --csv` reads (it is parsed whole, before the archive is
 * opened): 100,000 rows of 330 bytes. A larger collection is imported a folder at a time, each with
 * its own CSV (rows without a file in the folder are only reported).
 */
export const IMPORT_CSV_MAX_BYTES = 33_554_432;

export const GALLERY_FEATURED_LIMIT = 6;
export const CONTRIBUTOR_SUBMISSIONS_LIMIT = 50;
export const RECENT_DAYS = 7;

export const ROUTE_GUARD_TIMEOUT_MS = 10_000;
export const MESSAGE_CLEAR_MS = 3_000;
export const DEFAULT_CATEGORY_COLOR = '#3B82F6';
export const DEFAULT_SLIDE_DURATION_S = 5;

/** Longest side, in pixels, of the derived thumbnail and display images (fit inside, never enlarged). */
export const THUMB_PX = 400;
/** The watermarked display image scaled down for phones. */
export const MEDIUM_PX = 800;
export const DISPLAY_PX = 1600;

/** Lightbox and media page (public-site.md §9). */
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.25;
export const THUMB_STRIP_SPAN = 5;
export const SLIDESHOW_TICK_MS = 100;
export const SLIDESHOW_OVERLAY_HIDE_MS = 3_000;

/**
 * Most pixels a BMP may have (width × height). libvips cannot read BMP, so each one is decoded in
 * JavaScript (in a worker thread, at about 0.1 s per megapixel, into 4 bytes a pixel), far slower
 * and hungrier than any other image type; every other type keeps libvips' 268-megapixel limit.
 * 40 MP holds an A4 page scanned at 600 dpi (35 MP) or an A3 page at 450 dpi (39 MP). A colour
 * (24-bit) BMP cannot reach it anyway: at 3 bytes a pixel the 100 MB upload limit stops it at
 * 35 MP. What it refuses is a 1–8-bit BMP larger than that, such as an 8000 × 8000 1-bit file of
 * 8 MB that would take seconds to decode and 256 MB to hold; such scans belong in TIFF or PNG.
 */
export const BMP_MAX_PIXELS = 40_000_000;

/**
 * Sound and video (DESIGN §4.8), read with ffprobe before anything is decoded, at ingest and again
 * before the derivatives job decodes. Four hours holds a long oral-history recording (the largest
 * staff upload, 100 MB, is 3.6 hours of 64 kbps MP3) and bounds the decoding time of a waveform.
 */
export const AV_MAX_SECONDS = 4 * 3600;
/**
 * The fewest bytes a second of sound may take: 2 kbps, below the leanest speech codecs (Speex at
 * 2.15 kbps, AMR at 4.75). A file claiming hours in a few hundred kilobytes (a WAV of six hours of
 * FLAC-compressed silence is 235 KB, 87 bits a second) is a decompression bomb, not a recording.
 */
export const AUDIO_MIN_BYTES_PER_SECOND = 250;
/** The same for video, lower: a still picture filmed for an hour with no sound takes very little. */
export const VIDEO_MIN_BYTES_PER_SECOND = 125;
/**
 * Most pixels a video frame may have: DCI 4K (4096 × 2160), what phones and cameras film. A
 * poster frame of it takes some 300 MB to decode (HEVC, 10 bits); an 8000 × 8000 MJPEG frame of
 * 381 KB took 536 MB.
 */
export const VIDEO_MAX_WIDTH = 4096;
export const VIDEO_MAX_HEIGHT = 2160;
export const VIDEO_MAX_PIXELS = VIDEO_MAX_WIDTH * VIDEO_MAX_HEIGHT;
