import type { ReviewFilter } from '#web/components/review-queue/use-review-queue.ts';

/**
 * Query keys of people on photos: what the public pages read under 'people' (an item's boxes, a
 * person's page), what staff read under ['admin', 'people'] (the list, an item's every box, the
 * review of names and its counts). A staff change invalidates both roots.
 */
export const peopleKeys = {
  public: ['people'] as const,
  boxes: (mediaId: string) => ['people', 'boxes', mediaId] as const,
  person: (id: string) => ['people', 'person', id] as const,
  staff: ['admin', 'people'] as const,
  list: (q: string) => ['admin', 'people', 'list', q] as const,
  staffBoxes: (mediaId: string) => ['admin', 'people', 'boxes', mediaId] as const,
  suggestions: (status: ReviewFilter, q: string) => ['admin', 'people', 'suggestions', status, q] as const,
  stats: () => ['admin', 'people', 'stats'] as const,
};
