import type { KnowledgeStats, StaffKnowledge } from '#common/api/knowledge.ts';
import type { KnowledgeField, KnowledgeMode } from '#common/knowledge-form.ts';
import {
  type ActionMessages,
  type ReviewQueueApi,
  reviewActionUrl,
  useReviewAction,
  useReviewQueue,
} from '#web/components/review-queue/use-review-queue.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

/**
 * Staff review of what visitors told (/api/admin/knowledge): the list by status and search, the
 * counts, the live stream and the actions, through the review-queue kit.
 */
const queue: ReviewQueueApi = {
  url: '/api/admin/knowledge',
  keys: {
    all: ['admin', 'knowledge'],
    list: (status, q) => ['admin', 'knowledge', 'list', status, q],
    stats: () => ['admin', 'knowledge', 'stats'],
  },
};

export const useKnowledgeQueue = () => useReviewQueue<StaffKnowledge, KnowledgeStats>(queue);

const post = (id: string, action: string, body?: unknown) =>
  apiFetch<{ contribution: StaffKnowledge }>(reviewActionUrl(queue, id, action), { method: 'POST', body });

export const useAcceptKnowledge = (messages?: ActionMessages) =>
  useReviewAction(
    queue,
    ({ id, ...body }: { id: string; field: KnowledgeField; mode: KnowledgeMode; text: string }) =>
      post(id, 'accept', body),
    messages,
  );
export const useRejectKnowledge = (messages?: ActionMessages) =>
  useReviewAction(queue, (id: string) => post(id, 'reject'), messages);
export const useReplyKnowledge = (messages?: ActionMessages) =>
  useReviewAction(
    queue,
    ({ id, text }: { id: string; text: string }) => post(id, 'reply', { text }),
    messages,
  );
