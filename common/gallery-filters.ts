import { GALLERY_SORTS, type GallerySort, MEDIA_TYPES, type MediaType } from './enums.ts';
import { PERIOD_NAME } from './timeline.ts';

/**
 * The public gallery's filters as they stand in a page's URL, read the same way by the web app and
 * by the server when it embeds the first page of results (server/web/boot-data.ts). Zod-free, so
 * the public pages can import it.
 */
export interface GalleryFilters {
  q: string;
  category: string;
  /** A media type, or '' for all. */
  type: MediaType | '';
  /** A timeline period, "1950s" or "1952" (common/timeline.ts), or '' for all time. */
  period: string;
  /** A place of the list (issue 28 §3: "more from this place"), by id, or '' for everywhere. */
  place: string;
  sort: GallerySort;
}

export const GALLERY_QUERY_MAX = 200;

/** A UUID as the API takes it (the pattern of zod's `z.uuid()`). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isUuid = (value: string | null | undefined): value is string => !!value && UUID.test(value);

const isType = (value: string | null): value is MediaType =>
  (MEDIA_TYPES as readonly (string | null)[]).includes(value);

const isSort = (value: string | null): value is GallerySort =>
  (GALLERY_SORTS as readonly (string | null)[]).includes(value);

/** Reads the filters leniently: anything malformed counts as not set. */
export function readGalleryFilters(params: URLSearchParams): GalleryFilters {
  const category = params.get('category');
  const sort = params.get('sort');
  const type = params.get('type');
  const period = params.get('period') ?? '';
  const place = params.get('place');
  return {
    q: (params.get('q') ?? '').trim().slice(0, GALLERY_QUERY_MAX),
    category: isUuid(category) ? category : '',
    type: isType(type) ? type : '',
    period: PERIOD_NAME.test(period) ? period : '',
    place: isUuid(place) ? place : '',
    sort: isSort(sort) ? sort : 'newest',
  };
}

/** The API path of one page of results; `cursor` is the previous page's `nextCursor`. */
export function galleryPagePath(filters: GalleryFilters, cursor?: string): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.type) params.set('type', filters.type);
  if (filters.period) params.set('period', filters.period);
  if (filters.place) params.set('place', filters.place);
  params.set('sort', filters.sort);
  if (cursor) params.set('cursor', cursor);
  return `/api/gallery?${params}`;
}

/** The API path of the timeline's counts for the filters (the sort and the page do not change them). */
export function timelinePath(filters: Omit<GalleryFilters, 'sort'>): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.type) params.set('type', filters.type);
  if (filters.period) params.set('period', filters.period);
  if (filters.place) params.set('place', filters.place);
  const search = params.toString();
  return search ? `/api/gallery/timeline?${search}` : '/api/gallery/timeline';
}
