/** Query keys of the map, all under 'map': a view's clusters and the no-script list (by API path), the basemap. */
export const mapKeys = {
  all: ['map'] as const,
  clusters: (path: string | null) => ['map', 'clusters', path] as const,
  items: (path: string) => ['map', 'items', path] as const,
  basemap: () => ['map', 'basemap'] as const,
};
