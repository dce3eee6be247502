import type { z } from 'zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { messagesPath } from '#common/messages-path.ts';
import type { Language, MessagesResponse, messagesResponse, TextScope } from '#common/translations.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';
import { readStoredMessages, storeMessages } from '../lib/language-storage.ts';

export const messagesQueryKey = (lang: Language, scope: TextScope = 'public') =>
  ['translations', 'messages', lang, scope] as const;

/** The texts of one language (key → text); the server answers a repeat with 304 when unchanged. */
export async function getMessages(
  lang: Language,
  scope: TextScope,
  signal?: AbortSignal,
): Promise<MessagesResponse> {
  const body = await apiFetch<z.infer<typeof messagesResponse>>(messagesPath(lang, scope), { signal });
  storeMessages(lang, scope, body.messages);
  return body;
}

/**
 * While the texts load, the page shows the previous language's texts (after a switch) or the
 * texts stored from the last visit, and otherwise each t() fallback: never a bare key, never a
 * spinner. An admin's edit shows on the next load and whenever the window regains focus after a
 * minute.
 */
export function useMessages(lang: Language, scope: TextScope = 'public') {
  const takeBootData = useBootData();
  return useQuery({
    queryKey: messagesQueryKey(lang, scope),
    queryFn: ({ signal }) => getMessages(lang, scope, signal),
    staleTime: 60_000,
    initialData: () => takeBootData<MessagesResponse>(messagesPath(lang, scope)),
    refetchOnWindowFocus: true,
    placeholderData: (previous) => {
      const stored = readStoredMessages(lang, scope);
      if (stored) return { lang, messages: stored };
      return keepPreviousData(previous);
    },
  });
}
