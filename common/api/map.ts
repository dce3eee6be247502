import { z } from 'zod';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM, readBbox } from '../map.ts';
import { galleryQuery } from './gallery.ts';

/** The map (issue 28 §4): its basemap, and the gallery's located items clustered for a view. */

const bbox = z.tuple([z.number(), z.number(), z.number(), z.number()]);

/**
 * GET /api/map/basemap: what the map draws with no tile server: the coastline of the region (a
 * GeoJSON feature collection of land), its credit, and the installation's tile server if it has one.
 */
export const basemapResponse = z.object({
  /** West, south, east, north: the view the map opens on. */
  region: bbox,
  land: z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) }),
  attribution: z.string(),
  tiles: z.object({ url: z.string(), attribution: z.string() }).nullable(),
});
export type Basemap = Omit<z.infer<typeof basemapResponse>, 'land'> & {
  land: import('geojson').FeatureCollection;
};

const ZOOM_RANGE = `zoom must be a whole number from ${MAP_MIN_ZOOM} to ${MAP_MAX_ZOOM}`;

/** GET /api/map/clusters: the gallery's filters, the view's bbox and the map's zoom. */
export const mapClustersQuery = galleryQuery
  .pick({ q: true, category: true, type: true, period: true, place: true })
  .extend({
    bbox: z
      .string({ error: 'the view is missing: bbox=west,south,east,north' })
      .max(100)
      .refine(
        (v) => readBbox(v) !== null,
        'bbox must be west,south,east,north in degrees, longitudes within ±180, latitudes within ±90, south below north',
      ),
    zoom: z
      .string({ error: ZOOM_RANGE })
      .regex(/^\d{1,2}$/, ZOOM_RANGE)
      .transform(Number)
      .pipe(z.number().min(MAP_MIN_ZOOM, ZOOM_RANGE).max(MAP_MAX_ZOOM, ZOOM_RANGE)),
  });

/** Several items near each other: a click zooms into `bounds`. */
export const mapCluster = z.object({
  /** "level/x/y": the grid cell (common/map.ts). */
  cell: z.string(),
  /** The items' mean point. */
  lat: z.number(),
  lon: z.number(),
  items: z.number().int().positive(),
  bounds: bbox,
});
export type MapCluster = z.infer<typeof mapCluster>;

/** One item alone in its cell: opens the lightbox or the media page. */
export const mapItem = z.object({
  id: z.uuid(),
  title: z.string(),
  lat: z.number(),
  lon: z.number(),
  mediaType: z.string(),
  thumb: z.string().nullable(),
});
export type MapItem = z.infer<typeof mapItem>;

export const mapClustersResponse = z.object({
  /** The grid level of the cells (the zoom's; common/map.ts gridLevel). */
  level: z.number().int(),
  clusters: z.array(mapCluster),
  items: z.array(mapItem),
  /** Items in view: the clusters' and the single items' together. */
  total: z.number().int().nonnegative(),
  /**
   * False when a search matched, or a fine view held, more than MAP_ITEMS_LIMIT items: clustered
   * over the first ones.
   */
  complete: z.boolean(),
});
export type MapClusters = z.infer<typeof mapClustersResponse>;

/** GET /api/map/items: the gallery's filters (no view: the whole map). */
export const mapItemsQuery = galleryQuery.pick({
  q: true,
  category: true,
  type: true,
  period: true,
  place: true,
});

/**
 * The first MAP_LIST_LIMIT located public items the filters select, by title: what the map's page
 * lists without script (the map needs it). `more`: there are others.
 */
export const mapItemsResponse = z.object({ items: z.array(mapItem), more: z.boolean() });
export type MapItems = z.infer<typeof mapItemsResponse>;
