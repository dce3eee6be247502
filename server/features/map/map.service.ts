import type { Basemap } from '#common/api/map.ts';
import { DEFAULT_MAP_REGION } from '#common/map.ts';
import type { AppContext } from '#server/http/context.ts';
import { BASEMAP_ATTRIBUTION, cutLand } from './basemap.ts';

/** The basemap: the region's coastline and the installation's tile server, made once per process. */
export function makeBasemap(config: AppContext['config']): Basemap {
  const region = config.map?.region ?? DEFAULT_MAP_REGION;
  return {
    region,
    land: cutLand(region),
    attribution: BASEMAP_ATTRIBUTION,
    tiles:
      config.map?.tileUrl && config.map.tileAttribution
        ? { url: config.map.tileUrl, attribution: config.map.tileAttribution }
        : null,
  };
}
