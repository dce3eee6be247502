import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StaffBox, StaffPerson, StaffSuggestion, SuggestionStats } from '#common/api/people.ts';
import type { ListPage } from '#common/list.ts';
import type { BoxRect } from '#common/people.ts';
import {
  type ActionMessages,
  type ReviewQueueApi,
  reviewActionUrl,
  useReviewAction,
  useReviewQueue,
} from '#web/components/review-queue/use-review-queue.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { peopleKeys } from './people-keys.ts';

export interface PersonInput {
  name: string;
  born?: string | null;
  died?: string | null;
  note?: string | null;
  isPrivate?: boolean;
}

/** GET /api/admin/people?q=: the list staff keep, by name, a page at a time. */
export function usePeopleList(q: string) {
  return useInfiniteQuery({
    queryKey: peopleKeys.list(q),
    initialPageParam: '',
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ limit: '50' });
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch<ListPage<StaffPerson>>(`/api/admin/people?${params}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

function useInvalidating<V, R>(request: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: peopleKeys.staff }),
        queryClient.invalidateQueries({ queryKey: peopleKeys.public }),
      ]),
  });
}

const person = (id: string) => `/api/admin/people/${encodeURIComponent(id)}`;

export const useCreatePerson = () =>
  useInvalidating((body: PersonInput) =>
    apiFetch<{ person: StaffPerson }>('/api/admin/people', { method: 'POST', body }).then((d) => d.person),
  );
export const useUpdatePerson = () =>
  useInvalidating(({ id, ...body }: Partial<PersonInput> & { id: string }) =>
    apiFetch<{ person: StaffPerson }>(person(id), { method: 'PATCH', body }).then((d) => d.person),
  );
export const useDeletePerson = () =>
  useInvalidating((id: string) => apiFetch(person(id), { method: 'DELETE' }));
/** POST /api/admin/people/:id/merge: `id` is `into`; their boxes move there and `id` goes. */
export const useMergePerson = () =>
  useInvalidating(({ id, into }: { id: string; into: string }) =>
    apiFetch<{ person: StaffPerson }>(`${person(id)}/merge`, { method: 'POST', body: { into } }).then(
      (d) => d.person,
    ),
  );

/** GET /api/admin/people/media/:id/boxes: every box of an item (offers and turned-down ones too). */
export function useStaffBoxes(mediaId: string) {
  return useQuery({
    queryKey: peopleKeys.staffBoxes(mediaId),
    queryFn: ({ signal }) =>
      apiFetch<{ boxes: StaffBox[] }>(`/api/admin/people/media/${encodeURIComponent(mediaId)}/boxes`, {
        signal,
      }).then((d) => d.boxes),
  });
}

export type BoxChange = Partial<BoxRect> & {
  personId?: string | null;
  newPerson?: PersonInput;
  status?: 'confirmed' | 'dismissed';
};

export const useCreateBox = () =>
  useInvalidating(({ mediaId, ...body }: BoxRect & BoxChange & { mediaId: string }) =>
    apiFetch<{ box: StaffBox }>(`/api/admin/people/media/${encodeURIComponent(mediaId)}/boxes`, {
      method: 'POST',
      body,
    }).then((d) => d.box),
  );
export const useUpdateBox = () =>
  useInvalidating(({ id, ...body }: BoxChange & { id: string }) =>
    apiFetch<{ box: StaffBox }>(`/api/admin/people/boxes/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body,
    }).then((d) => d.box),
  );
export const useDeleteBox = () =>
  useInvalidating((id: string) =>
    apiFetch(`/api/admin/people/boxes/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );

/**
 * Staff review of visitors' names (/api/admin/people/suggestions): the list by status and search,
 * the counts, the live stream and the actions, through the review-queue kit. A review reloads all
 * of people (the list of people and the boxes too).
 */
const queue: ReviewQueueApi = {
  url: '/api/admin/people/suggestions',
  keys: {
    all: peopleKeys.staff,
    list: (status, q) => peopleKeys.suggestions(status, q),
    stats: peopleKeys.stats,
  },
};

export const useSuggestionQueue = () => useReviewQueue<StaffSuggestion, SuggestionStats>(queue);

const post = (id: string, action: string, body?: unknown) =>
  apiFetch<{ suggestion: StaffSuggestion }>(reviewActionUrl(queue, id, action), { method: 'POST', body });

export const useAcceptSuggestion = (messages?: ActionMessages) =>
  useReviewAction(
    queue,
    ({ id, ...body }: { id: string; personId?: string; newPerson?: PersonInput }) => post(id, 'accept', body),
    messages,
  );
export const useRejectSuggestion = (messages?: ActionMessages) =>
  useReviewAction(queue, (id: string) => post(id, 'reject'), messages);
