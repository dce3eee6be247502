/** Limits from the specs, in one place. */
export const MIN_PASSWORD_LENGTH = 6;

export const SUBMISSION_MAX_FILES = 5;
export const SUBMISSION_MAX_BYTES = 52_428_800;
export const UPLOAD_MAX_FILES = 20;
export const UPLOAD_MAX_BYTES = 104_857_600;
export const DOCUMENT_MAX_FILES = 1;
export const DOCUMENT_MAX_BYTES = 26_214_400;

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
