import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * Query keys of the translations feature. The public texts (get-messages.ts) live under
 * ['translations', 'messages', lang], so invalidating `translationKeys.all` refreshes them too.
 */
export const translationKeys = queryKeys('translations');
