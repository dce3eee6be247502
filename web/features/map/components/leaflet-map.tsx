import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { type Bbox, MAP_MAX_ZOOM } from '#common/map.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { useBasemap } from '../api/get-basemap.ts';
import type { MapMarker, MapViewProps, MapViewTarget } from './map-types.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A longitude brought into -180..180 (the map may be panned round the world). */
const wrapLon = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;

function bboxOf(map: L.Map): Bbox {
  const b = map.getBounds();
  const south = Math.max(-90, b.getSouth());
  const north = Math.min(90, b.getNorth());
  if (b.getEast() - b.getWest() >= 360) return [-180, south, 180, north];
  return [wrapLon(b.getWest()), south, wrapLon(b.getEast()), north];
}

function look(map: L.Map, target: MapViewTarget) {
  if ('bounds' in target) {
    const [west, south, east, north] = target.bounds;
    map.fitBounds(
      [
        [south, west],
        [north, east],
      ],
      { animate: false },
    );
  } else {
    map.setView(target.center, target.zoom, { animate: false });
  }
}

const markerClass =
  'grid place-items-center rounded-full border-2 border-white font-semibold text-white shadow-md outline-offset-2 focus-visible:outline-3 focus-visible:outline-blue-700';

function makeMarker(marker: MapMarker, activate: (key: string) => void): L.Marker {
  const cluster = marker.count !== undefined;
  const size = cluster ? Math.min(52, 30 + Math.round(Math.log10(marker.count!) * 8)) : 20;
  const icon = L.divIcon({
    className: `${markerClass} ${cluster ? 'bg-blue-800 text-sm' : 'bg-red-700'}`,
    html: cluster ? `<span aria-hidden="true">${marker.count}</span>` : '',
    iconSize: [size, size],
  });
  const m = L.marker([marker.lat, marker.lon], {
    icon,
    title: marker.label,
    keyboard: true,
    riseOnHover: true,
  });
  m.on('click', () => activate(marker.key));
  m.on('add', () => {
    const element = m.getElement();
    if (!element) return;
    element.setAttribute('aria-label', marker.label);
    // Enter and Space choose a marker (Leaflet's own Enter comes as a keypress, which this prevents).
    element.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      event.stopPropagation();
      activate(marker.key);
    });
  });
  return m;
}

/**
 * The Leaflet map itself (lazy: see map-view.tsx). The basemap is the archive's own coastline
 * (GeoJSON from /api/map/basemap) or, where the installation has one, its tile server; nothing is
 * asked of any other host. Leaflet's keyboard handling: Tab to the map, arrows pan, + and − zoom;
 * Tab goes on through the markers (each a button named by its label) and the zoom buttons.
 */
export function LeafletMap({
  label,
  markers,
  onMarkerActivate,
  onMapClick,
  view,
  onViewChange,
  className,
}: MapViewProps) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const handlers = useRef({ onMarkerActivate, onMapClick, onViewChange });
  handlers.current = { onMarkerActivate, onMapClick, onViewChange };
  const { data: basemap, isError } = useBasemap();
  const viewKey = JSON.stringify(view ?? null);
  const lastView = useRef<string | null>(null);

  const zoomIn = t('map.zoom_in', 'Forstørra');
  const zoomOut = t('map.zoom_out', 'Minka');

  // The map is made once per basemap; its label is kept in step below, its texts are those it started with.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!basemap || !box.current) return;
    const map = L.map(box.current, {
      zoomControl: false,
      keyboard: true,
      minZoom: 2,
      maxZoom: MAP_MAX_ZOOM,
      zoomSnap: 1,
    });
    L.control.zoom({ zoomInTitle: zoomIn, zoomOutTitle: zoomOut }).addTo(map);
    map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    if (basemap.tiles) {
      L.tileLayer(basemap.tiles.url, {
        attribution: escapeHtml(basemap.tiles.attribution),
        maxZoom: MAP_MAX_ZOOM,
      }).addTo(map);
    } else {
      L.geoJSON(basemap.land, {
        interactive: false,
        attribution: escapeHtml(basemap.attribution),
        style: { color: '#57534e', weight: 1, fillColor: '#ecebdf', fillOpacity: 1 },
      }).addTo(map);
    }
    layer.current = L.layerGroup().addTo(map);
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
    container.setAttribute('aria-roledescription', t('map.role', 'kort'));
    map.on('moveend', () => {
      handlers.current.onViewChange?.({
        bbox: bboxOf(map),
        zoom: map.getZoom(),
        center: [map.getCenter().lat, wrapLon(map.getCenter().lng)],
      });
    });
    map.on('click', (event: L.LeafletMouseEvent) =>
      handlers.current.onMapClick?.({ lat: event.latlng.lat, lon: wrapLon(event.latlng.lng) }),
    );
    mapRef.current = map;
    lastView.current = null;
    return () => {
      map.remove();
      mapRef.current = null;
      layer.current = null;
    };
  }, [basemap]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    map.getContainer().setAttribute('aria-label', label);
  }, [label]);

  // Move when asked to look elsewhere (and the first time, to the given view or the region).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `view` is compared by value (viewKey)
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !basemap || lastView.current === viewKey) return;
    lastView.current = viewKey;
    look(map, view ?? { bounds: basemap.region as Bbox });
  }, [viewKey, basemap]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: drawn again when the map is made anew (basemap)
  useEffect(() => {
    const group = layer.current;
    if (!group) return;
    group.clearLayers();
    for (const marker of markers ?? []) {
      group.addLayer(makeMarker(marker, (key) => handlers.current.onMarkerActivate?.(key)));
    }
  }, [markers, basemap]);

  return (
    <div className={`relative ${className ?? 'h-80'}`}>
      <div ref={box} className="h-full w-full rounded-md bg-sky-100" />
      {isError && (
        <Alert tone="error" className="absolute inset-x-2 top-2">
          {t('map.basemap_error', 'Kortið kundi ikki lesast inn. Vinarliga royn aftur seinni.')}
        </Alert>
      )}
    </div>
  );
}
