import { z } from 'zod';

/**
 * One way to ask for a list and one way it answers, for every staff list (media, submissions,
 * categories, documents, slideshows, users, translations, activity):
 *   GET /api/admin/<resource>?q=…&<filters>&sort=…&cursor=…&limit=…
 *   → { items: [...], total, nextCursor }
 * `total` counts every row that matches the filters (for 'Showing X of Y'); `nextCursor` is an
 * opaque keyset position (null on the last page). Pages are keyset, never OFFSET: deep pages
 * cost the same as the first and no row is skipped or shown twice while others change the list.
 */
export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 100;
/**
 * Longest page cursor a list accepts: a cursor carries the last row's sort keys, e.g. a 300-letter
 * title in Faroese letters, which base64 of UTF-8 makes over 600 characters.
 */
export const CURSOR_MAX = 4096;
/** Longest search text a list accepts. */
export const LIST_QUERY_MAX = 200;

/** The query of a list: search text, paging, the sorts it knows, and its own filters. */
export function listQuery<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sorts: S,
  filters: F,
) {
  return z.object({
    q: z.string().trim().max(LIST_QUERY_MAX).optional(),
    sort: z.enum(sorts).default(sorts[0] as S[number] as never),
    cursor: z.string().max(CURSOR_MAX).optional(),
    limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
    ...filters,
  });
}

/** The answer of a list of `item`. */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    nextCursor: z.string().nullable(),
  });
}

/** A list answer as the web sees it (types only, so the public bundle needs no zod). */
export interface ListPage<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
}

/** A query-string flag: `true`/`1` on, `false`/`0` off, absent = no filter. */
export const flagFilter = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();
