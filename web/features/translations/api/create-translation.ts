import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTranslationBody, Translation } from '#common/translations.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { translationKeys } from './translation-keys.ts';

/** POST /api/admin/translations (admin only). */
export async function createTranslation(body: CreateTranslationBody): Promise<Translation> {
  const answer = await apiFetch<{ translation: Translation }>('/api/admin/translations', {
    method: 'POST',
    body,
  });
  return answer.translation;
}

export function useCreateTranslation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTranslation,
    // The list and the texts every page shows both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: translationKeys.all }),
  });
}
