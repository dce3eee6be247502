import { rightsUri } from './rights.ts';
import { originalDateField } from '../dates/original-date-field.ts';
import { z } from 'zod';
import { COPYRIGHT_STATUSES, MEDIA_TYPES } from '../enums.ts';
import { flagFilter, listQuery, listResponse } from '../list.ts';
import { categoryRef } from './categories.ts';
import { folderRef } from './folders.ts';
import { formBoolean, keywordsField, optionalText } from './shared.ts';
import { nearDuplicate } from '../near-duplicates.ts';
import { coordinate } from './places.ts';

/** Media items: upload, edit, and the staff media screen (admin-back-office.md §2 Media management, §5). */

/**
 * An item's place (issue 28 §3): one from the list ('' or null: none) and/or a point of its own.
 * Choosing a place without a point gives the item the place's point (media.service.ts).
 */
const itemPlaceFields = {
  placeId: z
    .uuid('Choose a place from the list')
    .or(z.literal('').transform(() => null))
    .nullable()
    .optional(),
  latitude: coordinate('Latitude', 90).optional(),
  longitude: coordinate('Longitude', 180).optional(),
};
/** A point is both coordinates or neither. */
export const pointIsWhole = (body: { latitude?: number | null; longitude?: number | null }) =>
  (body.latitude === undefined) === (body.longitude === undefined) &&
  (body.latitude == null) === (body.longitude == null);
export const POINT_IS_WHOLE = { message: 'Give both latitude and longitude, or neither', path: ['latitude'] };

/**
 * The text fields sent with one file to POST /api/media (multipart: these fields first, then the
 * file). A missing title becomes the file name without its extension.
 */
export const uploadMediaFields = z.object({
  title: optionalText(300),
  description: optionalText(10_000),
  photographer: optionalText(300),
  location: optionalText(300),
  originalDate: originalDateField,
  source: optionalText(500),
  keywords: keywordsField.optional(),
  categoryId: z
    .uuid()
    .or(z.literal('').transform(() => null))
    .nullable()
    .optional(),
  folderId: z
    .uuid()
    .or(z.literal('').transform(() => null))
    .nullable()
    .optional(),
  isPublic: formBoolean.optional(),
  isFeatured: formBoolean.optional(),
  historicalContext: optionalText(10_000),
  technicalNotes: optionalText(10_000),
  copyrightStatus: z.enum(COPYRIGHT_STATUSES).optional(),
  /** The rights statement URI (common/rights.ts); sent, it decides copyrightStatus too. */
  rights: rightsUri.optional(),
  copyrightHolder: optionalText(300),
  commercialUseAllowed: formBoolean.optional(),
  attributionRequired: formBoolean.optional(),
  attributionText: optionalText(1000),
  /** Its place and point, as on the edit (issue 28 §3): a place without a point gets the place's. */
  ...itemPlaceFields,
});
export type UploadMediaFields = z.infer<typeof uploadMediaFields>;
/** The upload's fields with their one rule across fields: a point is both coordinates or neither. */
export const uploadMediaBody = uploadMediaFields.refine(pointIsWhole, POINT_IS_WHOLE);

/** An item's place on its own (the upload screen's 'For all files' panel checks it so). */
export const itemPlace = z.object(itemPlaceFields).refine(pointIsWhole, POINT_IS_WHOLE);

/** A finished resumable upload made into an item by the staff upload screen, with its fields. */
export const createMediaFromUploadBody = uploadMediaFields
  .extend({
    uploadId: z.string().regex(/^[a-f0-9]{32}$/, 'uploadId: not an upload of ours'),
  })
  .refine(pointIsWhole, POINT_IS_WHOLE);
export type CreateMediaFromUploadBody = z.output<typeof createMediaFromUploadBody>;
export type CreateMediaFromUploadInput = z.input<typeof createMediaFromUploadBody>;

export const fileMetadata = z.object({
  takenAt: z.string().optional(),
  camera: z.string().optional(),
  gps: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
  caption: z.string().optional(),
  creator: z.string().optional(),
  copyright: z.string().optional(),
});

/** Where the files of an item are fetched; null where that file does not exist (yet). */
export const mediaFiles = z.object({
  thumb: z.string().nullable(),
  /** The display image at 800 px, for phones (absent on items made before it existed). */
  medium: z.string().nullable(),
  display: z.string().nullable(),
  download: z.string().nullable(),
  poster: z.string().nullable(),
  waveform: z.string().nullable(),
  original: z.string().nullable(),
  /**
   * A sound or video whose original browsers do not play (an AVI, a WMV …): its copy that they do
   * (H.264/AAC MP4 or AAC), played in its place; the original stays the download.
   */
  playable: z.string().nullable(),
});

export const mediaItem = z.object({
  id: z.uuid(),
  displayId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  mediaType: z.enum(['image', 'video', 'audio', 'document']),
  fileName: z.string(),
  fileSize: z.number(),
  mimeType: z.string(),
  sha256: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  isPublic: z.boolean(),
  isFeatured: z.boolean(),
  viewCount: z.number(),
  categoryId: z.uuid().nullable(),
  folderId: z.uuid().nullable(),
  photographer: z.string().nullable(),
  location: z.string().nullable(),
  /** Its place from the list staff keep (issue 28 §3); its names are in `place` where the answer has them. */
  placeId: z.uuid().nullable(),
  /** Where it was taken, as staff set it (both or neither); GPS read from the file never comes here by itself. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Its place with its names and point: in the answer for one item (the media page, the lightbox). */
  place: z
    .object({
      id: z.uuid(),
      nameFo: z.string(),
      nameEn: z.string(),
      latitude: z.number(),
      longitude: z.number(),
    })
    .nullable()
    .optional(),
  originalDate: z.string().nullable(),
  /** The original date understood, as EDTF (common/dates); null when none or not understood. */
  originalDateEdtf: z.string().nullable(),
  /** The decade its whole span lies in ("1950s", common/timeline.ts), for "more from this decade". */
  originalDateDecade: z.string().nullable(),
  source: z.string().nullable(),
  keywords: z.array(z.string()),
  historicalContext: z.string().nullable(),
  technicalNotes: z.string().nullable(),
  copyrightStatus: z.enum(COPYRIGHT_STATUSES),
  rights: z.string(),
  copyrightHolder: z.string().nullable(),
  commercialUseAllowed: z.boolean(),
  attributionRequired: z.boolean(),
  attributionText: z.string().nullable(),
  processingStatus: z.enum(['pending', 'ready', 'failed']),
  placeholder: z.string().nullable(),
  fileMetadata: fileMetadata.nullable(),
  files: mediaFiles,
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Whose knowledge staff accepted into the item (issue 29 §1), oldest first, and the year; a
   * contributor who gave no name is null. Only in the answer for one item.
   */
  credits: z.array(z.object({ name: z.string().nullable(), year: z.number().int() })).optional(),
});
export type MediaItem = z.infer<typeof mediaItem>;
export const mediaItemResponse = z.object({ media: mediaItem });
/** A staff upload's answer: the new item and the items its picture looks like (issue 29). */
export const mediaUploadResponse = mediaItemResponse.extend({ nearDuplicates: z.array(nearDuplicate) });
export type MediaUploadResponse = z.infer<typeof mediaUploadResponse>;
export const viewResponse = z.object({ viewCount: z.number() });

/**
 * Editing an item: any upload field; a title, when sent, must not be empty (trimmed). Keywords
 * come comma-separated, trimmed, empties dropped; none (or null) clears them (admin-back-office.md §5).
 */
export const updateMediaBody = uploadMediaFields
  .omit({ title: true, keywords: true })
  .extend({
    title: z.string().trim().min(1, 'Title is required').max(300).optional(),
    keywords: keywordsField.nullable().optional(),
    ...itemPlaceFields,
  })
  .partial()
  .refine(pointIsWhole, POINT_IS_WHOLE);
export type UpdateMediaBody = z.infer<typeof updateMediaBody>;

/** newest (default), oldest, title A-Z, most viewed, featured first. */
export const ADMIN_MEDIA_SORTS = ['newest', 'oldest', 'title', 'views', 'featured'] as const;
export type AdminMediaSort = (typeof ADMIN_MEDIA_SORTS)[number];
const idOrNone = z.union([z.uuid(), z.literal('none')]).optional();
/** `q` matches title, description or photographer; category/folder take an id or 'none'. */
export const adminMediaListQuery = listQuery(ADMIN_MEDIA_SORTS, {
  category: idOrNone,
  folder: idOrNone,
  /** Items at a place of the list (issue 28 §3), or 'none'. */
  place: idOrNone,
  isPublic: flagFilter,
  isFeatured: flagFilter,
  mediaType: z.enum(MEDIA_TYPES).optional(),
  /** `unread`: items whose original date was not understood (common/dates), to be written anew. */
  originalDate: z.enum(['unread']).optional(),
});
/** An item as the media screen shows it: every field, with its category and folder. */
export const adminMediaItem = mediaItem.extend({
  category: categoryRef.nullable(),
  folder: folderRef.nullable(),
  /** The watermark settings recorded at upload (admin-back-office.md §3, §4). */
  watermark: z.object({
    enabled: z.boolean(),
    type: z.string(),
    position: z.string(),
    opacity: z.number().int(),
    size: z.string(),
    level: z.string(),
    text: z.string().nullable(),
  }),
  /**
   * The making of a playable copy of a sound or video browsers do not play as it is; null when
   * none is needed (or ffmpeg is missing). `progress` 0…1; `error` why it failed.
   */
  playableCopy: z
    .object({
      status: z.enum(['queued', 'running', 'ready', 'failed']),
      progress: z.number(),
      error: z.string().nullable(),
    })
    .nullable(),
});
export type AdminMediaItem = z.infer<typeof adminMediaItem>;
export const adminMediaListResponse = listResponse(adminMediaItem);

const mediaCount = z.number().int().nonnegative();
/** The six tiles: Total, Public, Featured, Categorized, Views, Categories (exact). */
export const adminMediaStatsResponse = z.object({
  total: mediaCount,
  public: mediaCount,
  featured: mediaCount,
  categorized: mediaCount,
  views: mediaCount,
  categories: mediaCount,
});
export type AdminMediaStats = z.infer<typeof adminMediaStatsResponse>;

export const BULK_MEDIA_ACTIONS = [
  'publish',
  'unpublish',
  'feature',
  'unfeature',
  'move',
  'rights',
  /** Gives every chosen item a place (or none, with null); see media.service.ts for the points. */
  'place',
  'delete',
] as const;
export type BulkMediaAction = (typeof BULK_MEDIA_ACTIONS)[number];
export const BULK_MEDIA_MAX = 200;
/** Many items at once; 'move' sets the category and/or folder sent (null takes it away). */
export const bulkMediaBody = z
  .object({
    ids: z.array(z.uuid()).min(1).max(BULK_MEDIA_MAX),
    action: z.enum(BULK_MEDIA_ACTIONS),
    categoryId: z.uuid().nullable().optional(),
    folderId: z.uuid().nullable().optional(),
    /** For the action 'rights': the statement every chosen item gets. */
    rights: rightsUri.optional(),
    /** For the action 'place': the place every chosen item gets, or null for none. */
    placeId: z.uuid().nullable().optional(),
  })
  .refine((body) => body.action !== 'place' || body.placeId !== undefined, {
    message: 'Choose a place',
    path: ['placeId'],
  })
  .refine((body) => body.action !== 'move' || body.categoryId !== undefined || body.folderId !== undefined, {
    message: 'Choose a category or a folder to move to',
    path: ['categoryId'],
  })
  .refine((body) => body.action !== 'rights' || body.rights !== undefined, {
    message: 'Choose a rights statement',
    path: ['rights'],
  });
export type BulkMediaBody = z.infer<typeof bulkMediaBody>;
export const bulkMediaResponse = z.object({ changed: z.number().int().nonnegative() });

/**
 * The staff CSV round trip (issue 27 §2). The export takes the media screen's filters, search and
 * sort (not its page); the upload sends the CSV's text, as it was saved (a BOM, `;` or `,`).
 */
export const mediaCsvExportQuery = adminMediaListQuery.omit({ cursor: true, limit: true });
/** 10,000 rows of long texts fit; more is a second file. */
export const MEDIA_CSV_MAX_BYTES = 20 * 1024 * 1024;
export const mediaCsvBody = z.object({
  csv: z.string().min(1, 'The file is empty').max(MEDIA_CSV_MAX_BYTES),
});
export const mediaCsvApplyBody = mediaCsvBody.extend({
  /** The preview's fingerprint of the values it showed as old: the apply refuses if they changed. */
  fingerprint: z.string().regex(/^[a-f0-9]{64}$/),
});
const csvChange = z.object({ column: z.string(), old: z.string(), new: z.string() });
const csvRefusal = z.object({ column: z.string(), value: z.string(), message: z.string() });
/** One row of the CSV: its item's changes, or why it is refused (an unknown id, refused values). */
export const mediaCsvPreviewItem = z.object({
  line: z.number().int(),
  displayId: z.string(),
  id: z.uuid().nullable(),
  title: z.string().nullable(),
  changes: z.array(csvChange),
  refused: z.array(csvRefusal),
});
export type MediaCsvPreviewItem = z.infer<typeof mediaCsvPreviewItem>;
export const mediaCsvPreviewResponse = z.object({
  /** Rows read, items that change, rows refused (nothing of a refused row is written). */
  rows: z.number().int(),
  changed: z.number().int(),
  refusedRows: z.number().int(),
  /** Only the rows that change or are refused, in the file's order. */
  items: z.array(mediaCsvPreviewItem),
  fingerprint: z.string(),
});
export type MediaCsvPreview = z.infer<typeof mediaCsvPreviewResponse>;
export const mediaCsvApplyResponse = z.object({ changed: z.number().int().nonnegative() });
