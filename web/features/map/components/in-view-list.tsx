import { type Ref, useId } from 'react';
import { Link } from 'react-router';
import type { MapCluster, MapClusters, MapItem } from '#common/api/map.ts';
import { MAP_ITEMS_LIMIT } from '#common/map.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { focusRing, itemLinkClass, MapItemLabel } from './map-item-link.tsx';

const degrees = (lat: number, lon: number) =>
  `${Math.abs(lat).toFixed(2)}° ${lat >= 0 ? 'N' : 'S'}, ${Math.abs(lon).toFixed(2)}° ${lon >= 0 ? 'E' : 'W'}`;

/**
 * Beside the map, the list of what is in view: each single item a link, each cluster a button that
 * zooms to it — the way through for keyboard and screen-reader users. Its heading (`ref`) takes the
 * focus after a cluster's button zoomed, so a screen reader goes on from the new list.
 */
export function InViewList({
  ref,
  data,
  items,
  clusters,
  isFetching,
  isError,
  onZoom,
}: {
  ref: Ref<HTMLHeadingElement>;
  data: MapClusters | undefined;
  /** The single items in view, in the order shown. */
  items: MapItem[];
  clusters: MapCluster[];
  isFetching: boolean;
  isError: boolean;
  onZoom: (cluster: MapCluster) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <section
      data-needs-script
      aria-labelledby={id}
      aria-busy={isFetching}
      className="lg:max-h-[60vh] lg:overflow-y-auto"
    >
      <h2 id={id} ref={ref} tabIndex={-1} className="text-xl font-semibold text-slate-900">
        {t('map.in_view', 'Á kortinum')}
      </h2>
      <p className="mt-1 text-sm text-slate-700" aria-live="polite">
        {data
          ? t('map.in_view_count', '{n} lutir á kortinum', { n: data.total })
          : isError
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
              <Link to={paths.media(item.id)} className={itemLinkClass}>
                <MapItemLabel item={item} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {clusters.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold text-slate-900">
            {t('map.groups', 'Bólkar – forstørra fyri at síggja teir')}
          </h3>
          <ul className="mt-2 space-y-1">
            {clusters.map((cluster) => (
              <li key={cluster.cell}>
                <button
                  type="button"
                  onClick={() => onZoom(cluster)}
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
  );
}
