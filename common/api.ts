import { z } from 'zod';
import { ACTIVITY_ACTIONS, ACTIVITY_RESOURCE_TYPES, type ActivityEntry } from './activity.ts';
import { CURSOR_MAX, flagFilter, listQuery, listResponse } from './list.ts';
import { isSafeLinkUrl } from './safe-url.ts';
import { COPYRIGHT_STATUSES, DOCUMENT_CATEGORIES, GALLERY_SORTS, MEDIA_TYPES } from './enums.ts';
import { ROLES } from './roles.ts';
import { MIN_PASSWORD_LENGTH } from './limits.ts';
import { GALLERY_QUERY_MAX } from './gallery-filters.ts';
import { GENERAL_SETTING_KEYS } from './settings.ts';
import { rightsUri } from './api/rights.ts';

/**
 * Request and response schemas shared by the server routes and the web fetchers.
 * Authentication itself is served by better-auth under /api/auth (see server/auth/README).
 */

/** Every error the API returns has this body. */
export const apiError = z.object({
  code: z.string(),
  message: z.string(),
  /** VALIDATION_ERROR only: each problem with its field's dotted path ('' for the whole body). */
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
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
  /** The rights statement URI (common/rights.ts); sent, it decides copyrightStatus too. */
  rights: rightsUri.optional(),
  copyrightHolder: optionalText(300),
  commercialUseAllowed: formBoolean.optional(),
  attributionRequired: formBoolean.optional(),
  attributionText: optionalText(1000),
});
export type UploadMediaFields = z.infer<typeof uploadMediaFields>;

/** A finished resumable upload made into an item by the staff upload screen, with its fields. */
export const createMediaFromUploadBody = uploadMediaFields.extend({
  uploadId: z.string().regex(/^[a-f0-9]{32}$/, 'uploadId: not an upload of ours'),
});
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

/** The general fields of /submit sent as a form without script (common/submit-form.ts). */
export const submissionFormFields = createSubmissionBody.omit({ uploadId: true, keywords: true });

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
  /** On approval: the item's rights statement (else the site's default). */
  rights: rightsUri.optional(),
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
/**
 * A page of the gallery: the home page's HTML draws the first one (2 columns by 12 rows on a phone),
 * and scrolling brings the next. 48 made that HTML 200 kB, a slow phone's main work before and
 * after its first paint. Paged by design (issue 30): the spec's gallery loads every item at once,
 * which at an archive's size is megabytes before the first picture.
 */
export const GALLERY_PAGE_SIZE = 24;

/** Filters live in the URL (so a search can be shared); `cursor` continues a previous page. */
export const galleryQuery = z.object({
  q: z.string().trim().max(GALLERY_QUERY_MAX).optional(),
  category: z.uuid().optional(),
  sort: z.enum(GALLERY_SORTS).default('newest'),
  cursor: z.string().max(CURSOR_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(GALLERY_PAGE_SIZE),
});

export const categoryRef = z.object({
  id: z.uuid(),
  name: z.string(),
  color: z.string(),
  icon: z.string().nullable(),
});

/**
 * A card of the gallery: only what a card (grid or list) and the lightbox's picture show. The
 * lightbox's information panel and the media page fetch the whole item (GET /api/media/:id).
 */
export const galleryItem = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  mediaType: mediaItem.shape.mediaType,
  width: z.number().nullable(),
  height: z.number().nullable(),
  placeholder: z.string().nullable(),
  viewCount: z.number(),
  isFeatured: z.boolean(),
  photographer: z.string().nullable(),
  location: z.string().nullable(),
  originalDate: z.string().nullable(),
  files: mediaFiles.pick({ thumb: true, medium: true, display: true, poster: true, waveform: true }),
  category: categoryRef.nullable(),
});
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

/**
 * Editing an item: any upload field; a title, when sent, must not be empty (trimmed). Keywords
 * come comma-separated, trimmed, empties dropped; none (or null) clears them (admin-back-office.md §5).
 */
export const updateMediaBody = uploadMediaFields
  .omit({ title: true, keywords: true })
  .extend({
    title: z.string().trim().min(1, 'Title is required').max(300).optional(),
    keywords: keywordsField.nullable().optional(),
  })
  .partial();
export type UpdateMediaBody = z.infer<typeof updateMediaBody>;

/** The custom card's link may only be an http(s) URL or a path on this site ('' = no file). */
export const CUSTOM_CARD_URL_MESSAGE =
  'The file link must start with http://, https:// or / (a page of this site).';

export const updateSettingsBody = z.object({
  settings: z
    .partialRecord(z.enum(GENERAL_SETTING_KEYS), z.string().max(2000))
    .superRefine((settings, issue) => {
      const rights = settings.default_rights;
      if (rights !== undefined && !rightsUri.safeParse(rights).success) {
        issue.addIssue({
          code: 'custom',
          path: ['default_rights'],
          message: 'Choose one of the rights statements',
        });
      }
      const url = settings.custom_card_file_url;
      if (url !== undefined && url.trim() !== '' && !isSafeLinkUrl(url)) {
        issue.addIssue({ code: 'custom', path: ['custom_card_file_url'], message: CUSTOM_CARD_URL_MESSAGE });
      }
    }),
});

// ---- activity log ----

export const activityListQuery = listQuery(['newest'], {
  action: z.enum(ACTIVITY_ACTIONS).optional(),
  resourceType: z.enum(ACTIVITY_RESOURCE_TYPES).optional(),
  userId: z.uuid().optional(),
});
export const activityEntry = z.object({
  id: z.string(),
  action: z.string(),
  resourceType: z.enum(ACTIVITY_RESOURCE_TYPES).nullable(),
  resourceId: z.string().nullable(),
  resourceName: z.string().nullable(),
  actor: z.object({ id: z.uuid(), name: z.string().nullable(), email: z.string() }).nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<ActivityEntry>;
export const activityListResponse = listResponse(activityEntry);

// ---- users ----

/** The spec's words for a missing required field of Create User (admin-back-office.md §5). */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
const required = z.string({ error: REQUIRED_FIELDS_MESSAGE }).trim().min(1, REQUIRED_FIELDS_MESSAGE);

/** Create User (admin-back-office.md §5): email, password and role required; role defaults to editor. */
export const createUserBody = z.object({
  email: required.max(254).pipe(z.email('Please enter a valid email address')),
  password: z
    .string({ error: REQUIRED_FIELDS_MESSAGE })
    .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters long')
    .max(200),
  role: z.enum(ROLES).default('editor'),
  fullName: optionalText(200),
});
export const userResponse = z.object({ user: me });

/** A row of the users screen (admin-back-office.md §3 profiles / users). */
export const adminUser = z.object({
  id: z.uuid(),
  displayId: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  role: z.enum(ROLES),
  bio: z.string().nullable(),
  isPublicProfile: z.boolean(),
  isActive: z.boolean(),
  totalUploads: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastSignInAt: z.string().nullable(),
  emailConfirmed: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const USER_SORTS = ['newest', 'oldest', 'name'] as const;
export type UserSort = (typeof USER_SORTS)[number];
/** Search matches name, email or display id (admin-back-office.md §5); `staff` = admin, editor, viewer. */
export const userListQuery = listQuery(USER_SORTS, {
  role: z.enum([...ROLES, 'staff']).optional(),
});
export const userListResponse = listResponse(adminUser);

/** The header of the users screen. */
export const userStatsResponse = z.object({
  totalUsers: z.number().int().nonnegative(),
  staff: z.number().int().nonnegative(),
  contributors: z.number().int().nonnegative(),
  totalUploads: z.number().int().nonnegative(),
});
export type UserStats = z.infer<typeof userStatsResponse>;

/** Edit User: full_name and bio trimmed, empty becomes null; email is not changeable. */
export const updateUserBody = z
  .object({
    fullName: optionalText(200),
    bio: optionalText(2000),
    role: z.enum(ROLES).optional(),
    isPublicProfile: z.boolean().optional(),
  })
  .strict();
export const adminUserResponse = z.object({ user: adminUser });

/** Sync Users: how many profiles were created and repaired. */
export const syncUsersResponse = z.object({
  createdProfiles: z.number().int().nonnegative(),
  repairedProfiles: z.number().int().nonnegative(),
  withoutPassword: z.number().int().nonnegative(),
});
export type SyncUsersResult = z.infer<typeof syncUsersResponse>;

export const passwordResetSentResponse = z.object({ sent: z.literal(true), email: z.string() });

// ---- own profile (admin-back-office.md §2 Profile page) ----

export const ownProfile = z.object({
  id: z.uuid(),
  displayId: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  role: z.enum(ROLES),
  bio: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastSignInAt: z.string().nullable(),
  emailConfirmed: z.boolean(),
  preferences,
});
export type OwnProfile = z.infer<typeof ownProfile>;
export const ownProfileResponse = z.object({ profile: ownProfile });
/** Only the name is edited on the profile page: trimmed, empty becomes null. */
export const updateOwnProfileBody = z.object({ fullName: optionalText(200) }).strict();

// ---- dashboard (admin-back-office.md §2, §3) ----

const dashboardCount = z.number().int().nonnegative();

/** The dashboard's figures, exact over the whole archive. 'Recent' is the last 7 days. */
export const dashboardStats = z.object({
  totalMedia: dashboardCount,
  publicMedia: dashboardCount,
  featuredMedia: dashboardCount,
  categorizedMedia: dashboardCount,
  totalFolders: dashboardCount,
  totalCategories: dashboardCount,
  pendingSubmissions: dashboardCount,
  totalViews: dashboardCount,
  recentUploads: dashboardCount,
  totalSlideshows: dashboardCount,
  totalDocuments: dashboardCount,
  totalUsers: dashboardCount,
});
export type DashboardStats = z.infer<typeof dashboardStats>;

export const dashboardResponse = z.object({
  stats: dashboardStats,
  /** Categorized share of all media, a rounded percentage (0 when there is no media). */
  healthScore: z.number().int().min(0).max(100),
  /** The top 5 categories by item count; `percentage` is of all media, rounded. */
  categoryDistribution: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      color: z.string(),
      icon: z.string().nullable(),
      count: dashboardCount,
      percentage: z.number().int().min(0).max(100),
    }),
  ),
  /** The newest 8 entries of the activity log. */
  recentActivity: z.array(activityEntry),
});
export type DashboardData = z.infer<typeof dashboardResponse>;

// ---- ID search (admin-back-office.md §2 ID search dialog, §5) ----

export const ID_SEARCH_EMPTY_MESSAGE = 'Please enter an ID to search for';
export const ID_SEARCH_TYPES = ['media', 'document', 'slideshow', 'category', 'submission', 'user'] as const;
export type IdSearchType = (typeof ID_SEARCH_TYPES)[number];

/** `id` as typed: the server strips a leading '#', trims and uppercases it. */
export const idSearchQuery = z.object({ id: z.string().max(100).default('') });
export const idSearchResult = z.object({
  type: z.enum(ID_SEARCH_TYPES),
  id: z.uuid(),
  displayId: z.string(),
  /** Name or e-mail for users. */
  title: z.string(),
  description: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** The admin screen for this type. */
  managePath: z.string(),
  /** Public media and public slideshows only. */
  publicPath: z.string().nullable(),
});
export type IdSearchResult = z.infer<typeof idSearchResult>;
export const idSearchResponse = z.object({ id: z.string(), results: z.array(idSearchResult) });
export type IdSearchResponse = z.infer<typeof idSearchResponse>;

// ---- media management (admin-back-office.md §2 Media management, §5 Search and Media sort) ----

/** newest (default), oldest, title A-Z, most viewed, featured first. */
export const ADMIN_MEDIA_SORTS = ['newest', 'oldest', 'title', 'views', 'featured'] as const;
export type AdminMediaSort = (typeof ADMIN_MEDIA_SORTS)[number];
const idOrNone = z.union([z.uuid(), z.literal('none')]).optional();
/** `q` matches title, description or photographer; category/folder take an id or 'none'. */
export const adminMediaListQuery = listQuery(ADMIN_MEDIA_SORTS, {
  category: idOrNone,
  folder: idOrNone,
  isPublic: flagFilter,
  isFeatured: flagFilter,
  mediaType: z.enum(MEDIA_TYPES).optional(),
});
export const folderRef = z.object({ id: z.uuid(), name: z.string() });
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

// ---- folders (admin-back-office.md §3 folders) ----

export const folder = folderRef.extend({ mediaCount: z.number().int().nonnegative() });
export type Folder = z.infer<typeof folder>;
export const foldersResponse = z.object({ folders: z.array(folder) });
export const folderBody = z.object({ name: z.string().trim().min(1, 'Folder name is required').max(100) });
export const folderResponse = z.object({ folder });

/** Every category, public or not, by name (the media screen's filter and edit form). */
export const adminCategoriesResponse = z.object({ categories: z.array(category) });

// ---- categories screen (admin-back-office.md §2 Categories, §3 categories, §5 Search/Category) ----

/** By name (default, as the spec's list), most items, most viewed, newest. */
export const ADMIN_CATEGORY_SORTS = ['name', 'items', 'views', 'newest'] as const;
export type AdminCategorySort = (typeof ADMIN_CATEGORY_SORTS)[number];
/** `q` matches name or description (case-insensitive). */
export const adminCategoryListQuery = listQuery(ADMIN_CATEGORY_SORTS, {});
const categoryCount = z.number().int().nonnegative();
/** A category card: the derived counts (§3: mediaCount, viewCount, recentUploads) are exact. */
export const adminCategory = category.extend({
  mediaCount: categoryCount,
  viewCount: categoryCount,
  /** Items added in the last 7 days ('+N this week'). */
  recentUploads: categoryCount,
  createdAt: z.string(),
});
export type AdminCategory = z.infer<typeof adminCategory>;
export const adminCategoryListResponse = listResponse(adminCategory);
/** The header counts and stat cards, counted by the database over the whole archive. */
export const adminCategoryStatsResponse = z.object({
  total: categoryCount,
  /** Categories with at least one item. */
  active: categoryCount,
  unused: categoryCount,
  public: categoryCount,
  /** Items that have a category. */
  itemsTagged: categoryCount,
  totalMedia: categoryCount,
  /** Views of categorized items. */
  views: categoryCount,
  /** Categorized items added in the last 7 days. */
  recentUploads: categoryCount,
});
export type AdminCategoryStats = z.infer<typeof adminCategoryStatsResponse>;
/** An edit or the visibility toggle: only the fields sent change; description '' becomes null. */
export const updateCategoryBody = createCategoryBody
  .partial()
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    message: 'Nothing to change',
    path: ['name'],
  });
export type UpdateCategoryBody = z.infer<typeof updateCategoryBody>;
/** A deleted category: how many items lost it (in the same transaction). */
export const deleteCategoryResponse = z.object({ uncategorizedItems: categoryCount });

// ---- submissions review (staff: admin-back-office.md §2, §3, §4) ----

export const SUBMISSION_STATUS_FILTERS = ['all', ...SUBMISSION_STATUS_VALUES] as const;
/** Newest first; `q` matches title, submitter name or e-mail; `status` 'all' or absent = every one. */
export const submissionListQuery = listQuery(['newest'], {
  status: z.enum(SUBMISSION_STATUS_FILTERS).optional(),
});
export const staffSubmission = z.object({
  id: z.uuid(),
  displayId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  photographer: z.string().nullable(),
  location: z.string().nullable(),
  source: z.string().nullable(),
  originalDate: z.string().nullable(),
  keywords: z.array(z.string()),
  fileName: z.string(),
  fileSize: z.number(),
  mimeType: z.string(),
  mediaType: z.enum(MEDIA_TYPES),
  processingStatus: z.enum(['pending', 'ready', 'failed']),
  /** Null until the thumbnail job has made one (documents and audio have none). */
  thumbnailUrl: z.string().nullable(),
  submitterName: z.string().nullable(),
  submitterEmail: z.string().nullable(),
  submitterMessage: z.string().nullable(),
  submittedBy: z.uuid().nullable(),
  status: z.enum(SUBMISSION_STATUS_VALUES),
  reviewer: z.object({ id: z.uuid(), fullName: z.string().nullable(), email: z.string() }).nullable(),
  reviewedAt: z.string().nullable(),
  reviewNotes: z.string().nullable(),
  createdAt: z.string(),
  /** The public item made from it (managed under media from then on). */
  approvedMedia: z.object({ id: z.uuid(), viewCount: z.number() }).nullable(),
  /** Same bytes as an existing item / an earlier pending submission, when it was sent. */
  duplicateOfMediaId: z.uuid().nullable(),
  duplicateOfSubmissionId: z.uuid().nullable(),
});
export type StaffSubmission = z.infer<typeof staffSubmission>;
export const submissionListResponse = listResponse(staffSubmission);
export const staffSubmissionDetail = staffSubmission.extend({
  originalUrl: z.string(),
  displayUrl: z.string().nullable(),
});
export type StaffSubmissionDetail = z.infer<typeof staffSubmissionDetail>;
export const submissionDetailResponse = z.object({ submission: staffSubmissionDetail });
export const submissionStatsResponse = z.object({
  total: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  approved: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  /** Sent in the last 7 days. */
  thisWeek: z.number().int().nonnegative(),
  /** approved / total in percent, rounded (0 when there are none). */
  approvalRate: z.number().int().nonnegative(),
});
export type SubmissionStats = z.infer<typeof submissionStatsResponse>;
export const BULK_REVIEW_MAX = 100;
export const bulkReviewBody = z.object({
  ids: z.array(z.uuid()).min(1).max(BULK_REVIEW_MAX),
  status: z.enum(['approved', 'rejected']),
  reviewNotes: optionalText(5_000),
});
export const bulkReviewResponse = z.object({
  results: z.array(
    z.object({ id: z.uuid(), ok: z.boolean(), code: z.string().nullable(), message: z.string().nullable() }),
  ),
});
export type BulkReviewResponse = z.infer<typeof bulkReviewResponse>;
/** What the live stream (GET /api/admin/submissions/events) sends, one JSON per `data:` line. */
export type SubmissionEvent =
  | { type: 'changed'; id: string; status: (typeof SUBMISSION_STATUS_VALUES)[number] }
  | { type: 'deleted'; id: string };

// ---- documents (staff: admin-back-office.md "Documents", §3, §5, §7) ----

/** Newest first; `q` matches title, description or file name; `category` one of the four. */
export const adminDocumentListQuery = listQuery(['newest', 'oldest', 'title', 'downloads'], {
  category: z.enum(DOCUMENT_CATEGORIES).optional(),
});
export type AdminDocumentSort = z.infer<typeof adminDocumentListQuery>['sort'];
export const adminDocumentListResponse = listResponse(documentItem);
/** The tiles: every document, public, featured, and downloads summed (exact). */
export const adminDocumentStatsResponse = z.object({
  total: z.number().int().nonnegative(),
  public: z.number().int().nonnegative(),
  featured: z.number().int().nonnegative(),
  downloads: z.number().int().nonnegative(),
});
export type AdminDocumentStats = z.infer<typeof adminDocumentStatsResponse>;
/** Inline edit (title required, empty description → null) and the two toggles; only what is sent changes. */
export const updateDocumentBody = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(300),
    description: optionalText(10_000),
    isPublic: z.boolean(),
    isFeatured: z.boolean(),
  })
  .partial();
export type UpdateDocumentBody = z.infer<typeof updateDocumentBody>;

// ---- slideshows (staff: admin-back-office.md "Slideshows", §3, §4, §7) ----

const slideDuration = z.number().int().min(1).max(3600);
/** Newest first; `q` matches title or description. */
export const adminSlideshowListQuery = listQuery(['newest'], {});
export const adminSlideshowSummary = z.object({
  id: z.uuid(),
  displayId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  isPublic: z.boolean(),
  isFeatured: z.boolean(),
  slideCount: z.number().int().nonnegative(),
  /** Thumbnails of the first few slides, for the card. */
  covers: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminSlideshowSummary = z.infer<typeof adminSlideshowSummary>;
export const adminSlideshowListResponse = listResponse(adminSlideshowSummary);
/** A slideshow for its edit dialog: every slide in order, whether its item is public or not. */
export const adminSlideshowDetail = adminSlideshowSummary.extend({
  slides: z.array(
    z.object({
      id: z.uuid(),
      mediaId: z.uuid(),
      orderIndex: z.number().int(),
      duration: z.number().int(),
      caption: z.string().nullable(),
      media: mediaItem,
    }),
  ),
});
export type AdminSlideshowDetail = z.infer<typeof adminSlideshowDetail>;
export const adminSlideshowResponse = z.object({ slideshow: adminSlideshowDetail });
/**
 * Editing a slideshow: its fields, the toggles, and its slides. `slides`, when sent, is every
 * slide kept, by its id, in the new order with its duration and caption (a slide left out is
 * removed); `add` appends new items after the current highest order_index
 * (admin-back-office.md §7).
 */
export const updateSlideshowBody = z.object({
  title: z.string().trim().min(1, 'Title is required').max(300).optional(),
  description: optionalText(2000),
  isPublic: z.boolean().optional(),
  isFeatured: z.boolean().optional(),
  slides: z
    .array(z.object({ id: z.uuid(), duration: slideDuration, caption: optionalText(500) }))
    .max(500)
    .optional(),
  add: z
    .array(z.object({ mediaId: z.uuid(), duration: slideDuration.optional(), caption: optionalText(500) }))
    .max(500)
    .optional(),
});
export type UpdateSlideshowBody = z.infer<typeof updateSlideshowBody>;
export const updatedSlideshowResponse = z.object({
  slideshow: adminSlideshowDetail,
  /** How many items `add` appended ('Added N new media items'). */
  added: z.number().int().nonnegative(),
});
