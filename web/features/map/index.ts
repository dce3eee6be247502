/**
 * What other features may use of the map: the map component (lazy: Leaflet loads with the first map
 * drawn) and its types, and the basemap's query.
 */
export { MapView } from './components/map-view.tsx';
export type { MapMarker, MapViewChange, MapViewProps, MapViewTarget } from './components/map-types.ts';
export { useBasemap } from './api/get-basemap.ts';
