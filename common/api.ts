import { z } from 'zod';
import { COPYRIGHT_STATUSES, DOCUMENT_CATEGORIES, GALLERY_SORTS } from './enums.ts';
import { ROLES } from './roles.ts';
import { GALLERY_QUERY_MAX } from './gallery-filters.ts';
import { GENERAL_SETTING_KEYS } from './settings.ts';

/**
 * Request and response schemas shared by the server routes and the web fetchers.
 * Authentication itself is served by better-auth under /api/auth (see server/auth/README).
 */

/** Every error the API returns has this body. */
export const apiError = z.object({
  code: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiError>;

export const healthResponse = z.object({ status: z.literal('ok') });

/** The signed-in account as the web sees it. */
export const me = z.object({
  id: z.string().uuid(),
  displayId: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Me = z.infer<typeof me>;
export const meResponse = z.object({ user: me.nullable() });

/** Counts shown in the home banner. */
export const gallerySummaryResponse = z.object({
  totalItems: z.number().int().nonnegative(),
  totalViews: z.number().int().nonnegative(),
});
export type GallerySummary = z.infer<typeof gallerySummaryResponse>;

export const userIdParams = z.object({ id: z.string().uuid() });
export const setUserActiveBody = z.object({ isActive: z.boolean() });
export const setUserActiveResponse = z.object({ id: z.string().uuid(), isActive: z.boolean() });

/** better-auth's error codes that the web turns into the spec's panels. */
export const ACCOUNT_DEACTIVATED_CODE = 'ACCOUNT_DEACTIVATED';

// ---- media ----

/** Optional texts: trimmed, and empty becomes null (admin-back-office.md §5). */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === 'on' || v === '1');

/** Comma-separated keywords: trimmed, empties dropped (admin-back-office.md §5). */
export const keywordsField = z.union([z.string(), z.array(z.string())]).transform((v) =>
  (Array.isArray(v) ? v : v.split(','))
    .map((k) => k.trim())
    .filter(Boolean)
    .slice(0, 50),
);

/**
 * The text fields sent with one file to POST /api/media (multipart: these fields first, then the
 * file). A missing title becomes the file name without its extension.
 */
export const uploadMediaFields = z.object({
  title: optionalText(300),
  description: optionalText(10_000),
  photographer: optionalText(300),
  location: optionalText(300),
  originalDate: optionalText(100),
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
  copyrightHolder: optionalText(300),
  commercialUseAllowed: formBoolean.optional(),
  attributionRequired: formBoolean.optional(),
  attributionText: optionalText(1000),
});
export type UploadMediaFields = z.infer<typeof uploadMediaFields>;

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
  originalDate: z.string().nullable(),
  source: z.string().nullable(),
  keywords: z.array(z.string()),
  historicalContext: z.string().nullable(),
  technicalNotes: z.string().nullable(),
  copyrightStatus: z.enum(COPYRIGHT_STATUSES),
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
});
export type MediaItem = z.infer<typeof mediaItem>;
export const mediaItemResponse = z.object({ media: mediaItem });

// ---- documents ----

/** The fields sent with a document to POST /api/documents (multipart: fields first, then the file). */
export const uploadDocumentFields = z.object({
  title: optionalText(300),
  description: optionalText(10_000),
  category: z.enum(DOCUMENT_CATEGORIES).optional(),
  isPublic: formBoolean.optional(),
  isFeatured: formBoolean.optional(),
});
export type UploadDocumentFields = z.infer<typeof uploadDocumentFields>;

export const documentItem = z.object({
  id: z.uuid(),
  displayId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.enum(DOCUMENT_CATEGORIES),
  fileName: z.string(),
  fileSize: z.number(),
  mimeType: z.string(),
  isPublic: z.boolean(),
  isFeatured: z.boolean(),
  downloadCount: z.number(),
  url: z.string(),
  createdAt: z.string(),
});
export type DocumentItem = z.infer<typeof documentItem>;
export const documentItemResponse = z.object({ document: documentItem });

// ---- submissions ----

/**
 * After a file's bytes arrived through the resumable upload endpoint (tus, /api/uploads), this
 * turns that upload into one submission. `website` is a honeypot: people leave it empty.
 */
export const createSubmissionBody = z.object({
  uploadId: z.string().regex(/^[a-f0-9]{32}$/, 'uploadId: not an upload of ours'),
  title: z.string().trim().min(1, 'Heiti er kravt').max(300),
  description: optionalText(10_000),
  submitterName: optionalText(200),
  submitterEmail: z
    .string()
    .trim()
    .max(320)
    .transform((v) => (v === '' ? null : v))
    .pipe(z.email().nullable())
    .nullable()
    .optional(),
  submitterMessage: optionalText(5_000),
  photographer: optionalText(300),
  location: optionalText(300),
  source: optionalText(500),
  originalDate: optionalText(100),
  keywords: keywordsField.optional(),
  website: z.string().max(500).optional(),
});
export type CreateSubmissionBody = z.input<typeof createSubmissionBody>;

export const SUBMISSION_STATUS_VALUES = ['pending', 'approved', 'rejected'] as const;

export const submissionSummary = z.object({
  id: z.uuid(),
  displayId: z.string(),
  title: z.string(),
  status: z.enum(SUBMISSION_STATUS_VALUES),
  mediaType: z.enum(['image', 'video', 'audio', 'document']),
  fileName: z.string(),
  createdAt: z.string(),
  reviewNotes: z.string().nullable(),
  /** The public item made from it, once approved. */
  mediaId: z.uuid().nullable(),
});
export type SubmissionSummary = z.infer<typeof submissionSummary>;
export const createSubmissionResponse = z.object({ submission: submissionSummary });

export const contributorDashboardResponse = z.object({
  stats: z.object({
    total: z.number(),
    approved: z.number(),
    pending: z.number(),
    rejected: z.number(),
    /** approved / total in percent, rounded. */
    successRate: z.number(),
    totalViews: z.number(),
    /** 10 × approved + total views of the approved items. */
    score: z.number(),
    /** Submissions in the last 7 days. */
    recentActivity: z.number(),
  }),
  /** 5 approved, then 10, then null ('top contributor'). */
  nextGoal: z.object({ target: z.number().nullable(), remaining: z.number() }),
  /** Latest 50, newest first. */
  submissions: z.array(submissionSummary),
});
export type ContributorDashboard = z.infer<typeof contributorDashboardResponse>;

export const reviewSubmissionBody = z.object({
  status: z.enum(SUBMISSION_STATUS_VALUES),
  reviewNotes: optionalText(5_000),
});

// ---- own account ----

/** Settings a staff member keeps for themself (stored in users.preferences). */
export const preferences = z.object({
  /** An e-mail when new submissions arrive (batched). */
  notifyNewSubmissions: z.boolean().default(false),
});
export const updatePreferencesBody = preferences.partial();
export const preferencesResponse = z.object({ preferences });

// ---- public gallery ----

export { GALLERY_SORTS, type GallerySort } from './enums.ts';
export const GALLERY_PAGE_SIZE = 48;

/** Filters live in the URL (so a search can be shared); `cursor` continues a previous page. */
export const galleryQuery = z.object({
  q: z.string().trim().max(GALLERY_QUERY_MAX).optional(),
  category: z.uuid().optional(),
  sort: z.enum(GALLERY_SORTS).default('newest'),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(GALLERY_PAGE_SIZE),
});

export const categoryRef = z.object({
  id: z.uuid(),
  name: z.string(),
  color: z.string(),
  icon: z.string().nullable(),
});

export const galleryItem = mediaItem.extend({ category: categoryRef.nullable() });
export type GalleryItem = z.infer<typeof galleryItem>;

export const galleryPageResponse = z.object({
  items: z.array(galleryItem),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});

export const featuredResponse = z.object({ items: z.array(galleryItem) });
export const publicCategory = categoryRef.extend({ description: z.string().nullable() });
export const categoriesResponse = z.object({ categories: z.array(publicCategory) });
export const viewResponse = z.object({ viewCount: z.number() });
export const publicSettingsResponse = z.object({ settings: z.record(z.string(), z.string()) });

export const latestDocumentResponse = z.object({ document: documentItem.nullable() });
export const downloadCountResponse = z.object({ downloadCount: z.number() });

export const slideshowSlide = z.object({
  mediaId: z.uuid(),
  orderIndex: z.number(),
  /** Seconds. */
  duration: z.number(),
  caption: z.string().nullable(),
  media: mediaItem,
});
export const slideshowResponse = z.object({
  slideshow: z.object({
    id: z.uuid(),
    displayId: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    slides: z.array(slideshowSlide),
  }),
});
export const latestSlideshowResponse = z.object({
  slideshow: z.object({ id: z.uuid(), title: z.string() }).nullable(),
});

// ---- staff writes used by the public screens' content (the back-office screens build on them) ----

const hexColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'Colour must be a hex value like #3B82F6');

/** A category (admin-back-office.md §5: name required; description optional, null when empty). */
export const createCategoryBody = z.object({
  name: z.string().trim().min(1, 'Category Name is required').max(100),
  description: optionalText(1000),
  color: hexColor.optional(),
  icon: optionalText(16),
  isPublic: z.boolean().optional(),
});
export const category = publicCategory.extend({ displayId: z.string(), isPublic: z.boolean() });
export type Category = z.infer<typeof category>;
export const categoryResponse = z.object({ category });

/** A slideshow with its first slides (creation needs at least one item). */
export const createSlideshowBody = z.object({
  title: z.string().trim().min(1, 'Title is required').max(300),
  description: optionalText(2000),
  isPublic: z.boolean().optional(),
  isFeatured: z.boolean().optional(),
  slides: z
    .array(
      z.object({
        mediaId: z.uuid(),
        duration: z.number().int().min(1).max(3600).optional(),
        caption: optionalText(500),
      }),
    )
    .min(1, 'Please select at least one media item for the slideshow')
    .max(500),
});
export const createdSlideshowResponse = z.object({
  slideshow: z.object({
    id: z.uuid(),
    displayId: z.string(),
    title: z.string(),
    isPublic: z.boolean(),
    isFeatured: z.boolean(),
    slideCount: z.number(),
  }),
});

/** Editing an item: any upload field; a title, when sent, must not be empty. */
export const updateMediaBody = uploadMediaFields
  .omit({ title: true })
  .extend({ title: z.string().trim().min(1, 'Title is required').max(300).optional() })
  .partial();
export type UpdateMediaBody = z.infer<typeof updateMediaBody>;

export const updateSettingsBody = z.object({
  settings: z.partialRecord(z.enum(GENERAL_SETTING_KEYS), z.string().max(2000)),
});
