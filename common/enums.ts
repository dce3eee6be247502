/** Enumerations of the spec, shared by the database checks, the API schemas and the web forms. */
export const MEDIA_TYPES = ['image', 'video', 'audio', 'document'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const DOCUMENT_CATEGORIES = ['mentanardagarnar', 'general', 'archive', 'policy'] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

export const TRANSLATION_STATUSES = ['incomplete', 'complete', 'needs_review'] as const;

/** The spec names only 'unknown'; the rest are the statuses archives commonly record. */
export const COPYRIGHT_STATUSES = [
  'unknown',
  'public_domain',
  'copyrighted',
  'creative_commons',
  'permission_granted',
  'orphan_work',
] as const;
export type CopyrightStatus = (typeof COPYRIGHT_STATUSES)[number];

export const WATERMARK_TYPES = [
  'none',
  'text',
  'logo_text',
  'stamp',
  'pattern',
  'diagonal',
  'tiled',
] as const;
export const WATERMARK_POSITIONS = [
  'top_left',
  'top_right',
  'bottom_left',
  'bottom_right',
  'center',
  'center_bottom',
  'diagonal',
] as const;
export const WATERMARK_SIZES = ['small', 'medium', 'large'] as const;
export const WATERMARK_LEVELS = ['none', 'light', 'medium', 'heavy'] as const;

export const USAGE_ACTIONS = ['view', 'download'] as const;

/** media_type from a mime type: image, video, audio, otherwise document (both specs §5). */
export function mediaTypeFromMime(mime: string): MediaType {
  const prefix = mime.split('/')[0];
  return prefix === 'image' || prefix === 'video' || prefix === 'audio' ? prefix : 'document';
}

/** The languages of the site's texts (the translations table has Faroese and English). */
export const LANGUAGES = ['fo', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fo';

/** `taken`: by original date, its first day, oldest first; undated last (issue 28). */
export const GALLERY_SORTS = ['newest', 'oldest', 'title', 'views', 'taken'] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];
