import { GALLERY_SORTS, type GallerySort } from './enums.ts';

/**
 * The public gallery's filters as they stand in a page's URL, read the same way by the web app and
 * by the server when it embeds the first page of results (server/web/boot-data.ts). Zod-free, so
 * the public pages can import it.
 */
export interface GalleryFilters {
  q: string;
  category: string;
  sort: GallerySort;
}

export const GALLERY_QUERY_MAX = 200;

/** A UUID as the API takes it (the pattern of zod's `z.uuid()`). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isUuid = (value: string | null | undefined): value is string => !!value && UUID.test(value);

const isSort = (value: string | null): value is GallerySort =>
  (GALLERY_SORTS as readonly (string | null)[]).includes(value);

/** Reads the filters leniently: anything malformed counts as not set. */
export function readGalleryFilters(params: URLSearchParams): GalleryFilters {
  const category = params.get('category');
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').trim().slice(0, GALLERY_QUERY_MAX),
    category: isUuid(category) ? category : '',
    sort: isSort(sort) ? sort : 'newest',
  };
}

/** The API path of one page of results; `cursor` is the previous page's `nextCursor`. */
export function galleryPagePath(filters: GalleryFilters, cursor?: string): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  params.set('sort', filters.sort);
  if (cursor) params.set('cursor', cursor);
  return `/api/gallery?${params}`;
}
