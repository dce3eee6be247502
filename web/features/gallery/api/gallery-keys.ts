import type { GalleryFilters } from '#common/gallery-filters.ts';

/** Query keys of the gallery, all under 'gallery': its pages by filters, the timeline, the strip, the counts. */
export const galleryKeys = {
  all: ['gallery'] as const,
  list: (filters: GalleryFilters) => ['gallery', 'list', filters] as const,
  timeline: (path: string) => ['gallery', 'timeline', path] as const,
  featured: () => ['gallery', 'featured'] as const,
  summary: () => ['gallery', 'summary'] as const,
};
