import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * Query keys of slideshows, all under 'slideshows': the staff's lists and one slideshow, the
 * media picker's searches, and the public player's slideshow and the newest one (the header's
 * button), so a change on the staff screen refreshes what the public pages show.
 */
export const slideshowKeys = {
  ...queryKeys('slideshows'),
  picker: (q: string) => ['slideshows', 'picker', q] as const,
  public: (id: string) => ['slideshows', 'public', id] as const,
  latest: () => ['slideshows', 'latest'] as const,
};
