import { MAP_MAX_ZOOM, MAP_MIN_ZOOM } from '#common/map.ts';

/** The map's view as its URL writes it: `at=zoom/lat/lon` (beside the gallery's filters). */
export interface MapAt {
  zoom: number;
  lat: number;
  lon: number;
}

export function readMapAt(text: string | null): MapAt | null {
  const match = /^(\d{1,2})\/(-?\d{1,2}(?:\.\d+)?)\/(-?\d{1,3}(?:\.\d+)?)$/.exec(text ?? '');
  if (!match) return null;
  const [zoom, lat, lon] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (zoom < MAP_MIN_ZOOM || zoom > MAP_MAX_ZOOM || Math.abs(lat) > 85 || Math.abs(lon) > 180) return null;
  return { zoom, lat, lon };
}

export const mapAtText = ({ zoom, lat, lon }: MapAt): string => `${zoom}/${lat.toFixed(4)}/${lon.toFixed(4)}`;
