import { useMutation } from '@tanstack/react-query';
import type { CreateKnowledgeBody } from '#common/api/knowledge.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/** POST /api/knowledge: what a visitor tells about an item, pending staff review. */
export function useSendKnowledge() {
  return useMutation({
    mutationFn: (body: CreateKnowledgeBody) =>
      apiFetch<{ contribution: { id: string } }>('/api/knowledge', { method: 'POST', body }).then(
        (data) => data.contribution,
      ),
  });
}
