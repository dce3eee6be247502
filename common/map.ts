/**
 * The map (issue 28 §4): the region it shows, and the grid its markers are clustered on, the same
 * on both sides. Zod-free, so the public pages can import it.
 *
 * The grid is Web Mercator's: at grid level g the world is 2^g × 2^g cells. A map at zoom z shows
 * cells of level z + CELL_LEVEL_OFFSET, so a cluster stands for a square of 64 screen pixels (a
 * 256-pixel tile holds 4 × 4 of them). An item's point is kept at level POINT_LEVEL (24: about one
 * metre), as the x and y of its cell interleaved bit by bit (a Morton key, `map_key()` in migration
 * 0039), so the items of a cell at any level are one range of keys: one index range scan.
 */

/** West, south, east, north in degrees. */
export type Bbox = [west: number, south: number, east: number, north: number];

/** The Faroe Islands with a little sea around them: the region the map shows unless MAP_REGION says another. */
export const DEFAULT_MAP_REGION: Bbox = [-7.8, 61.35, -6.2, 62.45];

export const MAP_MIN_ZOOM = 0;
export const MAP_MAX_ZOOM = 18;
/** A cluster is a square of 2^(8 - CELL_LEVEL_OFFSET) = 64 pixels. */
export const CELL_LEVEL_OFFSET = 2;
export const POINT_LEVEL = 24;
/** The grid levels whose counts the database keeps (map_cells, migration 0039); finer views read the items. */
export const KEPT_LEVELS = [6, 8, 10, 12, 14, 16, 18] as const;
/** At most this many items are read for a view finer than the kept levels, or matched by a search. */
export const MAP_ITEMS_LIMIT = 10_000;
/** At most this many single items are named in one answer; the others stay counted in their clusters. */
export const MAP_SINGLES_LIMIT = 500;

const MAX_LAT = 85.05112878;

/** Web Mercator x of a longitude, 0 (180° W) to 1 (180° E). */
export const mercatorX = (lon: number): number => (lon + 180) / 360;

/** Web Mercator y of a latitude, 0 (north) to 1 (south). */
export function mercatorY(lat: number): number {
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  return (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2;
}

/** The longitude of a Mercator x, and the latitude of a Mercator y. */
export const lonOf = (x: number): number => x * 360 - 180;
export const latOf = (y: number): number => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/** The cell of level `level` that a Mercator coordinate (0..1) lies in. */
export function cellOf(value: number, level: number): number {
  const size = 2 ** level;
  return Math.min(size - 1, Math.max(0, Math.floor(value * size)));
}

/** The grid level a map zoom's clusters are cells of. */
export const gridLevel = (zoom: number): number => zoom + CELL_LEVEL_OFFSET;

/** The bounds of cell (x, y) of a level, as a bbox in degrees. */
export function cellBounds(level: number, x: number, y: number): Bbox {
  const size = 2 ** level;
  return [lonOf(x / size), latOf((y + 1) / size), lonOf((x + 1) / size), latOf(y / size)];
}

/** `x` and `y` (each below 2^level) interleaved bit by bit, x in the even bits: as map_key() does. */
export function mortonKey(x: number, y: number, level: number): number {
  let key = 0;
  let bit = 1;
  for (let i = 0; i < level; i++) {
    if (Math.floor(x / 2 ** i) % 2) key += bit;
    bit *= 2;
    if (Math.floor(y / 2 ** i) % 2) key += bit;
    bit *= 2;
  }
  return key;
}

/** The map_key() range [from, to) of the items in cell (x, y) of a level. */
export function cellKeyRange(level: number, x: number, y: number): [number, number] {
  const span = 4 ** (POINT_LEVEL - level);
  const first = mortonKey(x, y, level) * span;
  return [first, first + span];
}

/** A bbox as the URL writes it: "west,south,east,north", 5 decimals. */
export const bboxText = (bbox: Bbox): string => bbox.map((v) => Number(v.toFixed(5))).join(',');

/** Reads "west,south,east,north"; null when it is not four numbers in range, or south is not below north. */
export function readBbox(text: string | null | undefined): Bbox | null {
  if (!text) return null;
  const parts = text.split(',');
  if (parts.length !== 4 || parts.some((p) => p.trim() === '')) return null;
  const [west, south, east, north] = parts.map(Number) as Bbox;
  if (![west, south, east, north].every(Number.isFinite)) return null;
  if (Math.abs(west) > 180 || Math.abs(east) > 180 || Math.abs(south) > 90 || Math.abs(north) > 90)
    return null;
  if (south >= north) return null;
  return [west, south, east, north];
}

/**
 * The source a tile URL template's images come from, as a Content-Security-Policy source: its
 * origin, with a `{s}` subdomain as a wildcard ("https://{s}.tiles.example.org/{z}/{x}/{y}.png" →
 * "https://*.tiles.example.org").
 */
export function tileSource(template: string): string {
  const url = new URL(template.replace(/\{[a-z]+\}/g, (p) => (p === '{s}' ? 'sub-domain' : '0')));
  return `${url.protocol}//${url.host.replace('sub-domain', '*')}`;
}

/** How many located items the map's list without script names (GET /api/map/items). */
export const MAP_LIST_LIMIT = 50;

/**
 * The API path of the located items the gallery's filters select, by title (the map's page without
 * script lists them; server/web/boot-data.ts embeds the answer).
 */
export function mapItemsPath(filters: {
  q: string;
  category: string;
  type: string;
  period: string;
  place: string;
}): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('category', filters.category);
  if (filters.type) params.set('type', filters.type);
  if (filters.period) params.set('period', filters.period);
  if (filters.place) params.set('place', filters.place);
  const query = params.toString();
  return query ? `/api/map/items?${query}` : '/api/map/items';
}
