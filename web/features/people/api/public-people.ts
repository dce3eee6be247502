import { useMutation, useQuery } from '@tanstack/react-query';
import type { CreateSuggestionBody, PublicBox, PublicPerson } from '#common/api/people.ts';
import { ApiRequestError, apiFetch } from '#web/lib/api-fetch.ts';
import { useBootData } from '#web/lib/boot-data.ts';
import { peopleKeys } from './people-keys.ts';

/** The boxes of an item, which the server embeds in the media page (server/web/boot-data.ts). */
export const boxesPath = (mediaId: string) => `/api/people/media/${encodeURIComponent(mediaId)}`;
export const personPath = (id: string) => `/api/people/${encodeURIComponent(id)}`;

const final = (failures: number, error: Error) =>
  !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failures < 1;

/** GET /api/people/media/:id: "show who is here", asked for only when `enabled`. */
export function useMediaBoxes(mediaId: string, enabled = true) {
  const take = useBootData();
  return useQuery({
    queryKey: peopleKeys.boxes(mediaId),
    queryFn: ({ signal }) =>
      apiFetch<{ boxes: PublicBox[] }>(boxesPath(mediaId), { signal }).then((d) => d.boxes),
    initialData: () => take<{ boxes: PublicBox[] }>(boxesPath(mediaId))?.boxes,
    enabled,
    retry: final,
  });
}

/** GET /api/people/:id: the person page. A 404 (unknown or private) is final. */
export function usePerson(id: string) {
  const take = useBootData();
  return useQuery({
    queryKey: peopleKeys.person(id),
    queryFn: ({ signal }) => apiFetch<PublicPerson>(personPath(id), { signal }),
    initialData: () => take<PublicPerson>(personPath(id)),
    retry: final,
  });
}

/** POST /api/people/suggestions: a visitor's name for a box or a new box, for staff to review. */
export function useSuggestName() {
  return useMutation({
    mutationFn: (body: CreateSuggestionBody) =>
      apiFetch<{ suggestion: { id: string } }>('/api/people/suggestions', { method: 'POST', body }).then(
        (d) => d.suggestion,
      ),
  });
}
