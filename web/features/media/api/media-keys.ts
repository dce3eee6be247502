import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * Query keys of media, under 'media': the staff's lists and tiles and each item (`detail(id)`), so
 * invalidating `mediaKeys.all` after a change refreshes the screen and the item pages at once.
 * Other features invalidate media through it (`#web/features/media/index.ts`).
 */
export const mediaKeys = queryKeys('media');
