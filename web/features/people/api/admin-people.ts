import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { StaffBox, StaffPerson, StaffSuggestion, SuggestionStats } from '#common/api/people.ts';
import type { ListPage } from '#common/list.ts';
import type { BoxRect } from '#common/people.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';

export type SuggestionFilter = 'pending' | 'accepted' | 'rejected' | 'all';
export interface PersonInput {
  name: string;
  born?: string | null;
  died?: string | null;
  note?: string | null;
  isPrivate?: boolean;
}

const keys = {
  all: ['admin', 'people'] as const,
  people: (q: string) => ['admin', 'people', 'list', q] as const,
  boxes: (mediaId: string) => ['admin', 'people', 'boxes', mediaId] as const,
  suggestions: (status: SuggestionFilter, q: string) =>
    ['admin', 'people', 'suggestions', status, q] as const,
  stats: () => ['admin', 'people', 'stats'] as const,
};

/** GET /api/admin/people?q=: the list staff keep, by name, a page at a time. */
export function usePeopleList(q: string) {
  return useInfiniteQuery({
    queryKey: keys.people(q),
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
        queryClient.invalidateQueries({ queryKey: keys.all }),
        queryClient.invalidateQueries({ queryKey: ['people'] }),
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
    queryKey: keys.boxes(mediaId),
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

/** GET /api/admin/people/suggestions?status=&q=: visitors' names, newest first. */
export function useSuggestionList(status: SuggestionFilter, q: string) {
  return useInfiniteQuery({
    queryKey: keys.suggestions(status, q),
    initialPageParam: '',
    queryFn: ({ signal, pageParam }) => {
      const params = new URLSearchParams({ status, limit: '50' });
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch<ListPage<StaffSuggestion>>(`/api/admin/people/suggestions?${params}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useSuggestionStats() {
  return useQuery({
    queryKey: keys.stats(),
    queryFn: ({ signal }) => apiFetch<SuggestionStats>('/api/admin/people/suggestions/stats', { signal }),
  });
}

/** What a review action says when it ends (given to the hook: the live list may remove the card first). */
export interface ActionMessages {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

function useReview<V>(request: (vars: V) => Promise<unknown>, messages: ActionMessages) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => messages.onSuccess?.(),
    onError: (error) => messages.onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

const at = (id: string, what: string) => `/api/admin/people/suggestions/${encodeURIComponent(id)}/${what}`;

export const useAcceptSuggestion = (messages: ActionMessages = {}) =>
  useReview(
    ({ id, ...body }: { id: string; personId?: string; newPerson?: PersonInput }) =>
      apiFetch(at(id, 'accept'), { method: 'POST', body }),
    messages,
  );
export const useRejectSuggestion = (messages: ActionMessages = {}) =>
  useReview((id: string) => apiFetch(at(id, 'reject'), { method: 'POST' }), messages);

const RELOAD_DELAY_MS = 500;

/** Live updates (GET /api/admin/people/suggestions/events): a name sent or reviewed anywhere reloads the screen. */
export function useSuggestionEvents() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/admin/people/suggestions/events');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reload = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: keys.all }), RELOAD_DELAY_MS);
    };
    let opened = false;
    source.onopen = () => {
      if (opened) reload();
      opened = true;
    };
    source.onmessage = reload;
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [queryClient]);
}
