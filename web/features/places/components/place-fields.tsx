import { MapPin, X } from 'lucide-react';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Place } from '#common/api/places.ts';
import { formatPoint, placeName, searchPlaces } from '#common/places.ts';
import { useLanguage, useT } from '#web/app/i18n.tsx';
import { secondaryButton } from '#web/components/button.tsx';
import { usePlaces } from '../api/get-places.ts';
import { PointFields, useSetPoint } from './point-fields.tsx';

/** How many places the list under the search shows at once. */
const SHOWN = 8;

const sameNumber = (text: unknown, value: number) =>
  String(text ?? '').trim() !== '' && Math.abs(Number(String(text).replace(',', '.')) - value) < 1e-9;

/**
 * An item's place on a form of the form kit (issue 28 §3): the place from the list, found by its
 * Faroese or English name without regard to accents (a combobox: arrows move, Enter
 * chooses), and the point as latitude and longitude fields, or a click on the map beside them. Choosing a place fills an empty point
 * (or one that was the old place's) with the place's; the server does the same. GPS read from the
 * file is offered as a suggestion, never taken by itself. The form's fields are `placeId`,
 * `latitude` and `longitude` (common/api/media.ts).
 */
export function PlaceFields({ gps }: { gps?: { latitude: number; longitude: number } | null }) {
  const t = useT();
  const { lang } = useLanguage();
  const { setValue, register } = useFormContext();
  const placeId = useWatch({ name: 'placeId' }) as string | null | undefined;
  const latitude = useWatch({ name: 'latitude' }) as unknown;
  const longitude = useWatch({ name: 'longitude' }) as unknown;
  const { data: places = [], isError } = usePlaces();
  const chosen = places.find((p) => p.id === placeId) ?? null;

  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = useMemo(() => searchPlaces(places, query, SHOWN), [places, query]);
  const id = useId();
  const listId = `${id}-places`;
  const optionId = (index: number) => `${id}-place-${index}`;

  const pointIsPlaces = (place: Place | null) =>
    place !== null && sameNumber(latitude, place.latitude) && sameNumber(longitude, place.longitude);
  const pointEmpty = String(latitude ?? '').trim() === '' && String(longitude ?? '').trim() === '';

  const setPoint = useSetPoint();

  const choose = (place: Place) => {
    if (pointEmpty || pointIsPlaces(chosen)) setPoint(place.latitude, place.longitude);
    setValue('placeId', place.id, { shouldDirty: true });
    setQuery('');
    setOpen(false);
  };

  const clear = () => {
    if (pointIsPlaces(chosen)) setPoint('', '');
    setValue('placeId', '', { shouldDirty: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (matches.length === 0 ? 0 : (i + step + matches.length) % matches.length));
    } else if (event.key === 'Enter') {
      // Enter chooses the place; it never sends the form from here.
      if (open && matches[active]) {
        event.preventDefault();
        choose(matches[active]);
      } else if (query.trim() !== '') event.preventDefault();
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  const showGps = gps && !(sameNumber(latitude, gps.latitude) && sameNumber(longitude, gps.longitude));

  return (
    <fieldset className="space-y-3 rounded-md border border-slate-300 p-3 sm:col-span-2">
      <legend className="px-1 text-sm font-semibold text-slate-900">
        {t('admin.places.legend', 'Place')}
      </legend>
      <input type="hidden" {...register('placeId')} />
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800" aria-live="polite">
        <MapPin aria-hidden="true" className="size-4 text-slate-600" />
        {chosen ? (
          <>
            <span>
              {t('admin.places.chosen', 'Place: {name}', { name: placeName(chosen, lang) })}
              {chosen.nameEn !== chosen.nameFo && (
                <span className="text-slate-600"> ({lang === 'en' ? chosen.nameFo : chosen.nameEn})</span>
              )}
            </span>
            <button
              type="button"
              onClick={clear}
              className="inline-flex items-center gap-1 rounded px-1 text-sm text-blue-700 underline hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              <X aria-hidden="true" className="size-4" />
              {t('admin.places.clear', 'No place')}
            </button>
          </>
        ) : (
          <span>{t('admin.places.none', 'No place chosen')}</span>
        )}
      </p>
      <div className="relative">
        <label htmlFor={`${id}-search`} className="text-sm font-medium text-slate-800">
          {t('admin.places.search', 'Find a place (Faroese or English name)')}
        </label>
        <input
          id={`${id}-search`}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open && query.trim() !== '' && matches.length > 0}
          aria-controls={listId}
          aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          className="mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700"
        />
        {isError && (
          <p className="mt-1 text-sm text-red-700">
            {t('admin.places.load_failed', 'The list of places could not be loaded.')}
          </p>
        )}
        {open && query.trim() !== '' && matches.length === 0 && (
          <p role="status" className="mt-1 text-sm text-slate-700">
            {t('admin.places.no_match', 'No place by that name')}
          </p>
        )}
        <div
          id={listId}
          role="listbox"
          aria-label={t('admin.places.matches', 'Places')}
          hidden={!(open && query.trim() !== '' && matches.length > 0)}
          className="absolute z-10 mt-1 max-h-64 w-full overflow-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg"
        >
          {matches.map((place, index) => (
            <div
              key={place.id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              // Chosen on mouse down, before the search field loses focus and closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(place);
              }}
              className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-blue-700 text-white' : 'text-slate-900'}`}
            >
              {placeName(place, lang)}
              {place.nameEn !== place.nameFo && ` (${lang === 'en' ? place.nameFo : place.nameEn})`}
            </div>
          ))}
        </div>
      </div>
      <PointFields />
      {showGps && gps && (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-slate-900">
          <span>
            {t('admin.places.gps_in_file', 'GPS in the file: {point}', {
              point: formatPoint(gps.latitude, gps.longitude),
            })}
          </span>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => setPoint(gps.latitude, gps.longitude)}
          >
            {t('admin.places.use_gps', 'Use this point')}
          </button>
        </div>
      )}
    </fieldset>
  );
}
