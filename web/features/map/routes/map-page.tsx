import { type FormEvent, useCallback, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { MapCluster, MapItem } from '#common/api/map.ts';
import { MEDIA_TYPES } from '#common/enums.ts';
import { type GalleryFilters, readGalleryFilters } from '#common/gallery-filters.ts';
import { type Bbox, MAP_ITEMS_LIMIT } from '#common/map.ts';
import { paths } from '#common/paths.ts';
import { useDocumentTitle } from '#web/app/document-title.ts';
import { useT } from '#web/app/i18n.tsx';
import { primaryButton } from '#web/components/button.tsx';
import { Timeline, usePublicCategories, useTimeline } from '#web/features/gallery/index.ts';
import { useMapClusters } from '../api/get-map-clusters.ts';
import { useMapItems } from '../api/get-map-items.ts';
import type { MapMarker, MapViewChange, MapViewTarget } from '../components/map-types.ts';
import { MapView } from '../components/map-view.tsx';
import { mapAtText, readMapAt } from '../lib/map-params.ts';

const control =
  'rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-700';
const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

const degrees = (lat: number, lon: number) =>
  `${Math.abs(lat).toFixed(2)}° ${lat >= 0 ? 'N' : 'S'}, ${Math.abs(lon).toFixed(2)}° ${lon >= 0 ? 'E' : 'W'}`;

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

  // The filter form: a real GET form to /map (without script the server draws the page for it).
  const ids = { q: useId(), category: useId(), type: useId(), list: useId() };
  const [draft, setDraft] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setDraft(q);
  }
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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    patch({ q: draft.trim() });
  };
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
      <search aria-label={t('gallery.filters.label', 'Leita í savninum')} className="mt-6 block">
        <form
          method="get"
          action="/map"
          onSubmit={submit}
          className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 lg:flex-row lg:items-end"
        >
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={ids.q} className="text-sm font-medium text-slate-800">
              {t('gallery.search.label', 'Leita')}
            </label>
            <input
              id={ids.q}
              type="search"
              name="q"
              value={draft}
              maxLength={200}
              onChange={(event) => setDraft(event.target.value)}
              className={control}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.category} className="text-sm font-medium text-slate-800">
              {t('gallery.category.label', 'Bólkur')}
            </label>
            <select
              id={ids.category}
              name="category"
              value={category}
              onChange={(event) => patch({ category: event.target.value })}
              className={control}
            >
              <option value="">{t('gallery.category.all', 'Allir bólkar')}</option>
              {(categories.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.type} className="text-sm font-medium text-slate-800">
              {t('gallery.type.label', 'Slag')}
            </label>
            <select
              id={ids.type}
              name="type"
              value={type}
              onChange={(event) => patch({ type: event.target.value })}
              className={control}
            >
              <option value="">{t('gallery.type.all', 'Øll sløg')}</option>
              {MEDIA_TYPES.map((value) => (
                <option key={value} value={value}>
                  {t(`media.type.${value}`, value)}
                </option>
              ))}
            </select>
          </div>
          {period && <input type="hidden" name="period" value={period} />}
          <button type="submit" className={primaryButton}>
            {t('map.search', 'Leita')}
          </button>
        </form>
      </search>
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
        <section
          data-needs-script
          aria-labelledby={ids.list}
          aria-busy={clusters.isFetching}
          className="lg:max-h-[60vh] lg:overflow-y-auto"
        >
          <h2 id={ids.list} ref={listHeading} tabIndex={-1} className="text-xl font-semibold text-slate-900">
            {t('map.in_view', 'Á kortinum')}
          </h2>
          <p className="mt-1 text-sm text-slate-700" aria-live="polite">
            {data
              ? t('map.in_view_count', '{n} lutir á kortinum', { n: data.total })
              : clusters.isError
                ? t('map.load_failed', 'Lutirnir kundu ikki lesast inn. Vinarliga royn aftur.')
                : t('map.loading_items', 'Lutirnir á kortinum verða lisnir inn…')}
          </p>
          {data && !data.complete && (
            <p className="mt-1 text-sm text-slate-700">
              {t('map.incomplete', 'Talt yvir fyrstu {n} úrslitini', { n: MAP_ITEMS_LIMIT })}
            </p>
          )}
          {items.length > 0 && (
            <ul className="mt-3 space-y-2">
              {items.map((item) => (
                <li key={item.id}>
                  <Link
                    to={paths.media(item.id)}
                    className={`flex items-center gap-3 rounded p-1 text-blue-800 underline hover:bg-slate-100 ${focusRing}`}
                  >
                    {item.thumb ? (
                      <img src={item.thumb} alt="" className="size-12 rounded object-cover" loading="lazy" />
                    ) : (
                      <span aria-hidden="true" className="size-12 rounded bg-slate-200" />
                    )}
                    <span>{item.title}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {clusterList.length > 0 && (
            <>
              <h3 className="mt-4 font-semibold text-slate-900">
                {t('map.groups', 'Bólkar – forstørra fyri at síggja teir')}
              </h3>
              <ul className="mt-2 space-y-1">
                {clusterList.map((cluster) => (
                  <li key={cluster.cell}>
                    <button
                      type="button"
                      onClick={() => zoomInto(cluster, true)}
                      className={`rounded px-1 text-left text-blue-800 underline hover:bg-slate-100 ${focusRing}`}
                    >
                      {t('map.cluster_item', '{n} lutir nær {where}', {
                        n: cluster.items,
                        where: degrees(cluster.lat, cluster.lon),
                      })}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
    </div>
  );
}

/**
 * The page without script: a sentence saying the map needs JavaScript, and the first located items
 * the filters select, by title, each a link to its page (drawn by the server from the answer it
 * embedded; the filters and the timeline above are a form and links, so they work too).
 */
function ItemsWithoutScript({
  filters,
  galleryLink,
}: {
  filters: Omit<GalleryFilters, 'sort'>;
  galleryLink: string;
}) {
  const t = useT();
  const { data } = useMapItems(filters);
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-slate-900">
        {t('map.needs_script', 'Kortið krevur JavaScript.')}{' '}
        {t(
          'map.without_script',
          'Tín kagi koyrir tað ikki, so her eru lutirnir við staði, sum leitingin velur, hvør við leinkju til síðu sína.',
        )}
      </p>
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {t('map.located_items', 'Lutir við staði')}
      </h2>
      {data && data.items.length === 0 && (
        <p className="text-slate-700">
          {t('map.located_none', 'Eingir lutir við staði samsvara við leitingina.')}
        </p>
      )}
      {data && data.items.length > 0 && (
        <ul className="grid gap-2 sm:grid-cols-2">
          {data.items.map((item) => (
            <li key={item.id}>
              <a
                href={paths.media(item.id)}
                className={`flex items-center gap-3 rounded p-1 text-blue-800 underline hover:bg-slate-100 ${focusRing}`}
              >
                {item.thumb ? (
                  <img src={item.thumb} alt="" className="size-12 rounded object-cover" loading="lazy" />
                ) : (
                  <span aria-hidden="true" className="size-12 rounded bg-slate-200" />
                )}
                <span>{item.title}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {data?.more && (
        <p>
          <a href={galleryLink} className={`rounded font-medium text-blue-700 underline ${focusRing}`}>
            {t('map.located_more', 'Fleiri í myndasavninum')}
          </a>
        </p>
      )}
    </section>
  );
}
