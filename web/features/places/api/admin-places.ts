import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Place } from '#common/api/places.ts';
import { apiFetch } from '#web/lib/api-fetch.ts';
import { getPlacesQueryOptions } from './get-places.ts';

/** What the place dialog sends (the server trims, and reads the coordinates as numbers). */
export interface PlaceInput {
  nameFo: string;
  nameEn?: string;
  latitude: number;
  longitude: number;
}

const placePath = (id: string) => `/api/admin/places/${encodeURIComponent(id)}`;

/**
 * A change to the list reloads it everywhere it is shown (the pickers of the media screens, the
 * gallery's place names, this screen: all read GET /api/places).
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: getPlacesQueryOptions().queryKey });
}

/** POST /api/admin/places (409 PLACE_EXISTS for a Faroese name the list has). */
export function useCreatePlace() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PlaceInput) =>
      apiFetch<{ place: Place }>('/api/admin/places', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** PATCH /api/admin/places/:id. */
export function useUpdatePlace() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Partial<PlaceInput> }) =>
      apiFetch<{ place: Place }>(placePath(id), { method: 'PATCH', body }),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/places/:id (409 PLACE_IN_USE with `details.items` while items have it). */
export function useDeletePlace() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiFetch<null>(placePath(id), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
