import type { MapItem } from '#common/api/map.ts';
import { mediaFileUrl } from '../media/media.public.ts';

/** A single item on the map as getMapItemDetails reads it. */
export interface MapItemRow {
  id: string;
  title: string;
  media_type: string;
  latitude: number | null;
  longitude: number | null;
  file_salt: string | null;
  thumb_key: string | null;
  thumb_variant: string | null;
}

/** A single item on the map: what its marker and the list beside the map show. */
export function presentMapItem(row: MapItemRow): MapItem {
  return {
    id: row.id,
    title: row.title,
    lat: row.latitude ?? 0,
    lon: row.longitude ?? 0,
    mediaType: row.media_type,
    thumb:
      row.thumb_key && row.thumb_variant
        ? mediaFileUrl(row.id, row.thumb_variant, row.thumb_key.split('/').pop()!, row.file_salt)
        : null,
  };
}
