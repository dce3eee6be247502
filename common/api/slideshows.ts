import { z } from 'zod';
import { listQuery, listResponse } from '../list.ts';
import { mediaItem } from './media.ts';
import { optionalText } from './shared.ts';

/** Slideshows: the public player, and the staff screen (admin-back-office.md "Slideshows", §3, §4, §7). */

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
