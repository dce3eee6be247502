import { useFormContext, useWatch } from 'react-hook-form';
import { formatPoint } from '#common/places.ts';
import { useT } from '#web/app/i18n.tsx';
import { Field } from '#web/components/form.tsx';
import { MapView } from '#web/features/map/index.ts';

/** Five decimals: about a metre, finer than a click on the map can mean. */
const round = (degrees: number) => Math.round(degrees * 1e5) / 1e5;

/** A coordinate as typed ('62,0107' too), or NaN. */
const readCoordinate = (value: unknown) =>
  String(value ?? '').trim() === '' ? Number.NaN : Number(String(value).replace(',', '.'));

/** The point the fields hold, when both are numbers on the globe. */
export function readPoint(latitude: unknown, longitude: unknown): { lat: number; lon: number } | null {
  const lat = readCoordinate(latitude);
  const lon = readCoordinate(longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180)
    return null;
  return { lat, lon };
}

/** Sets the form's `latitude` and `longitude` fields ('' clears them). */
export function useSetPoint() {
  const { setValue } = useFormContext();
  return (lat: number | '', lon: number | '') => {
    setValue('latitude', lat === '' ? '' : String(lat), { shouldDirty: true, shouldValidate: true });
    setValue('longitude', lon === '' ? '' : String(lon), { shouldDirty: true, shouldValidate: true });
  };
}

/**
 * A point on a form of the form kit: latitude and longitude fields, and a small map beside them that
 * sets both with a click (rounded to five decimals) and shows the point typed. The item's place
 * (PlaceFields) and the staff's place list use it; the form's fields are `latitude` and `longitude`.
 */
export function PointFields({ mapLabel }: { mapLabel?: string }) {
  const t = useT();
  const latitude = useWatch({ name: 'latitude' }) as unknown;
  const longitude = useWatch({ name: 'longitude' }) as unknown;
  const setPoint = useSetPoint();
  const point = readPoint(latitude, longitude);
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          name="latitude"
          inputMode="decimal"
          label={t('admin.places.latitude', 'Latitude')}
          description={t('admin.places.latitude_help', 'North, e.g. 62.0107')}
        />
        <Field
          name="longitude"
          inputMode="decimal"
          label={t('admin.places.longitude', 'Longitude')}
          description={t('admin.places.longitude_help', 'East; west is negative, e.g. -6.7741')}
        />
      </div>
      <div>
        <p className="mb-1 text-sm text-slate-700">
          {t('admin.places.map_help', 'Click the map to set the point.')}
        </p>
        <MapView
          label={mapLabel ?? t('admin.places.map_label', 'Map for setting the point')}
          markers={
            point
              ? [{ key: 'point', lat: point.lat, lon: point.lon, label: formatPoint(point.lat, point.lon) }]
              : []
          }
          onMapClick={({ lat, lon }) => setPoint(round(lat), round(lon))}
          view={point ? { center: [point.lat, point.lon], zoom: 11 } : undefined}
          className="h-64"
        />
      </div>
    </>
  );
}
