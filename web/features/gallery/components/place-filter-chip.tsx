import { useQuery } from '@tanstack/react-query';
import { MapPin, X } from 'lucide-react';
import type { z } from 'zod';
import type { placesResponse } from '#common/api/places.ts';
import { placeName } from '#common/places.ts';
import { useLanguage, useT } from '#web/app/i18n.tsx';
import { getPlacesQueryOptions } from '#web/features/places/index.ts';
import { useBootData } from '#web/lib/boot-data.ts';

const PATH = '/api/places';

/**
 * The gallery narrowed to a place ("more from this place", issue 28 §5): its name in the visitor's
 * language and a button that takes the place away. A chunk of its own, loaded only when the
 * address names a place, so the home page's first load carries none of it. The list comes in the
 * page's embedded answers when the server drew it (server/web/boot-data.ts).
 */
export default function PlaceFilterChip({ id, onClear }: { id: string; onClear: () => void }) {
  const t = useT();
  const { lang } = useLanguage();
  const takeBootData = useBootData();
  const { data } = useQuery({
    // The places feature's list: one answer for both.
    ...getPlacesQueryOptions(),
    initialData: () => takeBootData<z.infer<typeof placesResponse>>(PATH)?.places,
  });
  const place = data?.find((p) => p.id === id);
  if (!place) return null;
  const name = placeName(place, lang);
  return (
    <p className="inline-flex items-center gap-2 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-900">
      <MapPin aria-hidden="true" className="size-4 text-slate-700" />
      {t('gallery.filter.place', 'Stað: {place}', { place: name })}
      <button
        type="button"
        onClick={onClear}
        className="inline-flex rounded-full p-1 text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-blue-700"
      >
        <X aria-hidden="true" className="size-4" />
        <span className="sr-only">{t('gallery.filter.place_clear', 'Tak staðin burtur')}</span>
      </button>
    </p>
  );
}
