import { type Ref, useId } from 'react';
import { Link } from 'react-router';
import type { MapCluster, MapItem, MapClusters } from '#common/api/map.ts';
import { MAP_ITEMS_LIMIT } from '#common/map.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

const degrees = (lat: number, lon: number) =>
  `${Math.abs(lat).toFixed(2)}° ${lat >= 0 ? 'N' : 'S'}, ${Math.abs(lon).toFixed(2)}° ${lon >= 0 ? 'E' : 'W'}`;

/**
 * Beside the map, what is in view: each single item a link to its page, each cluster a button that
 * zooms to it — the way through for keyboard and screen-reader users. `headingRef` takes the focus
 * after a cluster's button zoomed, so a screen reader goes on from the new list.
 */
export function InViewList({
  data,
  isFetching,
  isError,
  items,
  clusters,
  onZoom,
  headingRef,
}: {
  data: MapClusters | undefined;
  isFetching: boolean;
  isError: boolean;
  items: readonly MapItem[];
  clusters: readonly MapCluster[];
  onZoom: (cluster: MapCluster) => void;
  headingRef: Ref<HTMLHeadingElement>;
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
      <h2 id={id} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900">
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
