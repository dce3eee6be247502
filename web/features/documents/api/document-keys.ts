import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * Query keys of documents, all under 'documents': the staff's lists and tiles, and the newest
 * public one (the header's button), so a change on the staff screen refreshes the header too.
 */
export const documentKeys = {
  ...queryKeys('documents'),
  stats: () => ['documents', 'stats'] as const,
  latest: () => ['documents', 'latest'] as const,
};
