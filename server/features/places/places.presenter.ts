import type { Place } from '#common/api/places.ts';
import type { PlaceRow } from '#server/db/schema.ts';

export function presentPlace(row: PlaceRow): Place {
  return {
    id: row.id,
    nameFo: row.name_fo,
    nameEn: row.name_en,
    latitude: row.latitude,
    longitude: row.longitude,
    source: row.source,
  };
}
