import { queryKeys } from '#web/lib/query-keys.ts';

/** Query keys of the review screen: lists, one submission, and the header's counts. */
export const submissionKeys = {
  ...queryKeys('submissions'),
  stats: () => ['submissions', 'stats'] as const,
};
