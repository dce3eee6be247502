import { z } from 'zod';
import { listQuery, listResponse } from '../list.ts';
import { optionalText } from './shared.ts';

/** Categories: the public list, and the staff screen (admin-back-office.md §2 Categories, §3, §5). */

export const categoryRef = z.object({
  id: z.uuid(),
  name: z.string(),
  color: z.string(),
  icon: z.string().nullable(),
});
export const publicCategory = categoryRef.extend({ description: z.string().nullable() });
export type PublicCategory = z.infer<typeof publicCategory>;
export const categoriesResponse = z.object({ categories: z.array(publicCategory) });

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

/** Every category, public or not, by name (the media screen's filter and edit form). */
export const adminCategoriesResponse = z.object({ categories: z.array(category) });

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
