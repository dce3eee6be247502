import { useId } from 'react';
import type { GalleryFilters } from '#common/gallery-filters.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { useMapItems } from '../api/get-map-items.ts';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

/**
 * The page without script: a sentence saying the map needs JavaScript, and the first located items
 * the filters select, by title, each a link to its page (drawn by the server from the answer it
 * embedded; the filters and the timeline above are a form and links, so they work too).
 */
export function ItemsWithoutScript({
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
