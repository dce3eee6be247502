import type { MapItem } from '#common/api/map.ts';

export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

/** The look of a located item's link in the map's lists. */
export const itemLinkClass = `flex items-center gap-3 rounded p-1 text-blue-800 underline hover:bg-slate-100 ${focusRing}`;

/** What a located item's link shows: its thumbnail (or a grey square) and its title. */
export function MapItemLabel({ item }: { item: Pick<MapItem, 'thumb' | 'title'> }) {
  return (
    <>
      {item.thumb ? (
        <img src={item.thumb} alt="" className="size-12 rounded object-cover" loading="lazy" />
      ) : (
        <span aria-hidden="true" className="size-12 rounded bg-slate-200" />
      )}
      <span>{item.title}</span>
    </>
  );
}
