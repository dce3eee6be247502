import { lazy, Suspense, useEffect, useState } from 'react';
import { useT } from '#web/app/i18n.tsx';
import type { MapViewProps } from './map-types.ts';

// Leaflet and its style sheet are a chunk of their own, loaded by the first page that draws a map.
const LeafletMap = lazy(() => import('./leaflet-map.tsx').then((m) => ({ default: m.LeafletMap })));

function MapPlaceholder({ className }: { className?: string }) {
  const t = useT();
  return (
    <div className={`grid place-items-center rounded-md bg-sky-100 text-slate-800 ${className ?? 'h-80'}`}>
      {t('map.loading', 'Kortið verður lisið inn…')}
    </div>
  );
}

/**
 * A map of the archive's region on the basemap the archive serves (features/map): markers, a click
 * handler, the view in and out. Drawn by the browser only (Leaflet needs the DOM): the server's page
 * and the first render hold its place with the same box.
 */
export function MapView(props: MapViewProps) {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  if (!inBrowser) return <MapPlaceholder className={props.className} />;
  return (
    <Suspense fallback={<MapPlaceholder className={props.className} />}>
      <LeafletMap {...props} />
    </Suspense>
  );
}
