import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { MapCluster, MapItem } from '#common/api/map.ts';
import { readGalleryFilters } from '#common/gallery-filters.ts';
import type { Bbox } from '#common/map.ts';
import { paths } from '#common/paths.ts';
import { useDocumentTitle } from '#web/app/document-title.ts';
import { useT } from '#web/app/i18n.tsx';
import { Timeline, usePublicCategories, useTimeline } from '#web/features/gallery/index.ts';
import { useMapClusters } from '../api/get-map-clusters.ts';
import type { MapMarker, MapViewChange, MapViewTarget } from '../components/map-types.ts';
import { InViewList } from '../components/in-view-list.tsx';
import { ItemsWithoutScript } from '../components/items-without-script.tsx';
import { MapFilters } from '../components/map-filters.tsx';
import { MapView } from '../components/map-view.tsx';
import { mapAtText, readMapAt } from '../lib/map-params.ts';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

/**
 * The map (/map, issue 28 §4): the gallery's located public items on the archive's own basemap,
 * clustered by the server for the view, narrowed by the gallery's search, category, type and the
 * timeline's period (all in the URL, with the view as `at=zoom/lat/lon`). A single item opens its
 * page; a cluster zooms in. Beside the map, the list of what is in view: each single item a link,
 * each cluster a button that zooms to it — the way through for keyboard and screen-reader users.
 */
export function MapPage() {
  const t = useT();
  const title = t('map.title', 'Kort');
  useDocumentTitle(title);
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => readGalleryFilters(searchParams), [searchParams]);
  const { q, category, type, period, place } = filters;
  const unsorted = useMemo(() => ({ q, category, type, period, place }), [q, category, type, period, place]);
  const categories = usePublicCategories();
  const timeline = useTimeline(unsorted);

  // The view the map opens on (the URL's, else the region) and where a cluster sends it; the
  // map's own moves only write the URL.
  const [target, setTarget] = useState<MapViewTarget | undefined>(() => {
    const at = readMapAt(searchParams.get('at'));
    return at ? { center: [at.lat, at.lon], zoom: at.zoom } : undefined;
  });
  const [view, setView] = useState<{ bbox: Bbox; zoom: number } | null>(null);
  const clusters = useMapClusters(unsorted, view);

  const onViewChange = useCallback(
    (change: MapViewChange) => {
      setView({ bbox: change.bbox, zoom: change.zoom });
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('at', mapAtText({ zoom: change.zoom, lat: change.center[0], lon: change.center[1] }));
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  const data = clusters.data;
  const items = useMemo(
    () => [...(data?.items ?? [])].sort((a, b) => a.title.localeCompare(b.title)),
    [data],
  );
  const clusterList = useMemo(() => data?.clusters ?? [], [data]);
  const markers = useMemo<MapMarker[]>(
    () => [
      ...clusterList.map((c) => ({
        key: `cluster:${c.cell}`,
        lat: c.lat,
        lon: c.lon,
        count: c.items,
        label: t('map.cluster_label', '{n} lutir her – forstørra', { n: c.items }),
      })),
      ...items.map((item) => ({ key: `item:${item.id}`, lat: item.lat, lon: item.lon, label: item.title })),
    ],
    [clusterList, items, t],
  );

  const listHeading = useRef<HTMLHeadingElement>(null);
  const zoomInto = (cluster: MapCluster, fromList = false) => {
    setTarget((previous) => ({ bounds: cluster.bounds, seq: (previous?.seq ?? 0) + 1 }));
    // The button goes with the view it was in: the list's heading takes the focus, so a screen
    // reader goes on from the new list.
    if (fromList) listHeading.current?.focus();
  };
  const openItem = (item: Pick<MapItem, 'id'>) => navigate(paths.media(item.id));
  const onMarkerActivate = (key: string) => {
    if (key.startsWith('item:')) openItem({ id: key.slice(5) });
    const cluster = clusterList.find((c) => `cluster:${c.cell}` === key);
    if (cluster) zoomInto(cluster);
  };

  // The filters change the address (the form is a real GET form to /map without script).
  const patch = (changes: Record<string, string>) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { preventScrollReset: true },
    );
  const galleryLink = `/?${new URLSearchParams(Object.entries(unsorted).filter(([, v]) => v) as [string, string][])}`;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">
        {t(
          'map.intro',
          'Lutirnir í savninum, sum hava eitt stað á kortinum. Avmarka teir eins og í myndasavninum.',
        )}{' '}
        <Link to={galleryLink} className={`rounded font-medium text-blue-700 underline ${focusRing}`}>
          {t('map.to_gallery', 'Vís hesar í myndasavninum')}
        </Link>
      </p>
      <MapFilters
        q={q}
        category={category}
        type={type}
        period={period}
        categories={categories.data ?? []}
        patch={patch}
      />
      {timeline.data && (
        <div className="mt-4">
          <Timeline counts={timeline.data} period={period} basePath="/map" />
        </div>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <div data-needs-script>
            <MapView
              label={t('map.label', 'Kort yvir lutirnar í savninum')}
              className="h-[60vh] min-h-80"
              markers={markers}
              view={target}
              onViewChange={onViewChange}
              onMarkerActivate={onMarkerActivate}
            />
          </div>
          {/* Without script: the map's place and the list of what is in view are hidden (neither
              can work), the page says why and lists the located items the filters select. The
              browser that runs script never draws this (React leaves <noscript> alone). */}
          <noscript>
            <style>{'[data-needs-script]{display:none}'}</style>
            <ItemsWithoutScript filters={unsorted} galleryLink={galleryLink} />
          </noscript>
        </div>
        <InViewList
          data={data}
          isFetching={clusters.isFetching}
          isError={clusters.isError}
          items={items}
          clusters={clusterList}
          onZoom={(cluster) => zoomInto(cluster, true)}
          headingRef={listHeading}
        />
      </div>
    </div>
  );
}
