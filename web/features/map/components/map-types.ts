import type { Bbox } from '#common/map.ts';

/** A point on the map: an item, a cluster of items (`count`), or a place being picked. */
export interface MapMarker {
  key: string;
  lat: number;
  lon: number;
  /** What a screen reader and the marker's tooltip say. */
  label: string;
  /** Items in a cluster: drawn as a numbered circle. */
  count?: number;
}

/**
 * Where the map looks: a bbox to fit, or a centre and zoom; `seq` changed asks it to look there again
 * (after the visitor moved away).
 */
export type MapViewTarget = ({ bounds: Bbox } | { center: [lat: number, lon: number]; zoom: number }) & {
  seq?: number;
};

export interface MapViewChange {
  bbox: Bbox;
  zoom: number;
  center: [lat: number, lon: number];
}

export interface MapViewProps {
  /** The map's accessible name ("Map of the archive's photos"). */
  label: string;
  markers?: MapMarker[];
  /** A marker chosen by click, Enter or Space. */
  onMarkerActivate?: (key: string) => void;
  /** A point on the map clicked (a place picker). */
  onMapClick?: (point: { lat: number; lon: number }) => void;
  /** Where to look; the map moves when this changes (by value). Default: the archive's region. */
  view?: MapViewTarget;
  /** After each move or zoom, and once when the map is ready. */
  onViewChange?: (change: MapViewChange) => void;
  /** Classes of the map's box (give it a height). */
  className?: string;
}
