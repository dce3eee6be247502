import { z } from 'zod';
import { GALLERY_SORTS, MEDIA_TYPES } from '../enums.ts';
import { GALLERY_QUERY_MAX } from '../gallery-filters.ts';
import { CURSOR_MAX } from '../list.ts';
import { isPeriod } from '../timeline.ts';
import { categoryRef } from './categories.ts';
import { mediaFiles, mediaItem } from './media.ts';

/** The public gallery (public-site.md): its pages, cards and the home banner. */

/** Counts shown in the home banner. */
export const gallerySummaryResponse = z.object({
  totalItems: z.number().int().nonnegative(),
  totalViews: z.number().int().nonnegative(),
});
export type GallerySummary = z.infer<typeof gallerySummaryResponse>;

export { GALLERY_SORTS, type GallerySort } from '../enums.ts';

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
  type: z.enum(MEDIA_TYPES).optional(),
  /** A timeline period (common/timeline.ts): items whose whole span of dates lies inside it. */
  period: z.string().max(5).refine(isPeriod, 'a decade such as 1950s or a year such as 1952').optional(),
  /** A place of the list (issue 28 §3): the items staff gave that place. */
  place: z.uuid('place: the id of a place of the list').optional(),
  sort: z.enum(GALLERY_SORTS).default('newest'),
  cursor: z.string().max(CURSOR_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(GALLERY_PAGE_SIZE),
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
  /** As written: a card shows it so (the item's own answer says it as understood). */
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

/** The timeline's counts for the gallery's filters (the period only picks which decade's years). */
export const timelineQuery = galleryQuery.pick({
  q: true,
  category: true,
  type: true,
  period: true,
  place: true,
});

const periodCount = z.object({ period: z.string(), items: z.number().int().nonnegative() });

/** Decades with items, oldest first; the years of the chosen period's decade (none without one). */
export const timelineResponse = z.object({
  decades: z.array(periodCount),
  years: z.array(periodCount),
  /** False when a text search matched more than TIMELINE_SEARCH_LIMIT items: counted over the first ones. */
  complete: z.boolean(),
});
export type Timeline = z.infer<typeof timelineResponse>;

export const featuredResponse = z.object({ items: z.array(galleryItem) });
