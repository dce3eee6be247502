import type { z } from 'zod';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Language, MessagesResponse, messagesResponse } from '#common/translations.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';
import { readStoredMessages, storeMessages } from '../lib/language-storage.ts';

const pathOf = (lang: Language) => `/api/translations?lang=${lang}`;

export const messagesQueryKey = (lang: Language) => ['translations', 'messages', lang] as const;

/** The texts of one language (key → text); the server answers a repeat with 304 when unchanged. */
export async function getMessages(lang: Language, signal?: AbortSignal): Promise<MessagesResponse> {
  const body = await apiFetch<z.infer<typeof messagesResponse>>(pathOf(lang), { signal });
  storeMessages(lang, body.messages);
  return body;
}

/**
 * While the texts load, the page shows the previous language's texts (after a switch) or the
 * texts stored from the last visit, and otherwise each t() fallback: never a bare key, never a
 * spinner. An admin's edit shows on the next load and whenever the window regains focus after a
 * minute.
 */
export function useMessages(lang: Language) {
  const takeBootData = useBootData();
  return useQuery({
    queryKey: messagesQueryKey(lang),
    queryFn: ({ signal }) => getMessages(lang, signal),
    staleTime: 60_000,
    initialData: () => takeBootData<MessagesResponse>(pathOf(lang)),
    refetchOnWindowFocus: true,
    placeholderData: (previous) => {
      const stored = readStoredMessages(lang);
      if (stored) return { lang, messages: stored };
      return keepPreviousData(previous);
    },
  });
}
