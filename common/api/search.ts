import { z } from 'zod';

/** ID search (admin-back-office.md §2 ID search dialog, §5). */

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
