import { type GalleryFilters, isUuid, readGalleryFilters } from '#common/gallery-filters.ts';

/**
 * The gallery's state lives in the URL so a search can be shared and Back works:
 * `q`, `category`, `type`, `period` (a timeline period), `place` (a place's id), `sort` (newest is the default and left out), `view` (grid is the default and
 * left out), and `item` (+ `from=featured`) for the image open in the lightbox.
 */
export type GalleryView = 'grid' | 'list';

export interface GalleryParams extends GalleryFilters {
  view: GalleryView;
  item: string | null;
  from: 'gallery' | 'featured';
}

/** Reads the params leniently: anything malformed counts as not set. */
export function readGalleryParams(params: URLSearchParams): GalleryParams {
  const item = params.get('item');
  return {
    ...readGalleryFilters(params),
    view: params.get('view') === 'list' ? 'list' : 'grid',
    item: isUuid(item) ? item : null,
    from: params.get('from') === 'featured' ? 'featured' : 'gallery',
  };
}

export type GalleryParamPatch = Partial<
  Record<'q' | 'category' | 'type' | 'period' | 'place' | 'sort' | 'view' | 'item' | 'from', string | null>
>;

const DEFAULTS: Record<string, string> = { sort: 'newest', view: 'grid', from: 'gallery' };

/** A copy of `params` with `patch` applied; empty and default values are removed. */
export function patchGalleryParams(params: URLSearchParams, patch: GalleryParamPatch): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined || value === '' || DEFAULTS[key] === value) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** Whether any filter that narrows the results is set. */
export const hasFilters = (p: GalleryParams) =>
  p.q !== '' || p.category !== '' || p.type !== '' || p.period !== '' || p.place !== '';
