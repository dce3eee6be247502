import { Heart } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AdminMediaItem } from '#common/api/media.ts';
import { useT } from '#web/app/i18n.tsx';
import { useFavorites } from '#web/lib/favorites.ts';
import { MediaRowActions, MediaToggles } from './media-actions.tsx';
import { PlayableCopyStatus } from './playable-copy-status.tsx';
import { MediaThumb } from '#web/components/media-thumb.tsx';

const ring = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

/**
 * The grid view: one card per item with the same toggles and actions as the table, and a
 * favourite toggle kept only in this browser ('admin_favorites').
 */
export function MediaGrid({
  items,
  selected,
  onSelect,
  onEdit,
  onDelete,
  empty,
}: {
  items: readonly AdminMediaItem[];
  selected: ReadonlySet<string>;
  onSelect: (next: Set<string>) => void;
  onEdit: (item: AdminMediaItem) => void;
  onDelete: (item: AdminMediaItem) => void;
  empty: ReactNode;
}) {
  const t = useT();
  const favorites = useFavorites('admin_favorites');
  if (items.length === 0) return <div className="rounded-md border border-slate-200 p-6">{empty}</div>;
  return (
    <ul
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
      aria-label={t('admin.media.grid_label', 'Media items')}
    >
      {items.map((item) => {
        const isFavorite = favorites.has(item.id);
        const checked = selected.has(item.id);
        return (
          <li
            key={item.id}
            className={`flex flex-col rounded-lg border bg-white shadow-sm ${checked ? 'border-blue-700' : 'border-slate-200'}`}
          >
            <div className="relative">
              <MediaThumb item={item} className="aspect-[4/3] h-auto w-full rounded-b-none" />
              <input
                type="checkbox"
                className={`absolute top-2 left-2 size-5 ${ring}`}
                checked={checked}
                aria-label={t('list.select_row', 'Select {name}', { name: item.title })}
                onChange={(event) => {
                  const next = new Set(selected);
                  if (event.target.checked) next.add(item.id);
                  else next.delete(item.id);
                  onSelect(next);
                }}
              />
              <button
                type="button"
                aria-pressed={isFavorite}
                onClick={() => favorites.toggle(item.id)}
                className={`absolute top-2 right-2 rounded-full bg-white/90 p-1.5 text-red-700 shadow ${ring}`}
              >
                <Heart aria-hidden="true" className={`size-5 ${isFavorite ? 'fill-current' : ''}`} />
                <span className="sr-only">
                  {t('admin.media.favorite', 'Favourite: {title}', { title: item.title })}
                </span>
              </button>
            </div>
            <div className="flex flex-1 flex-col gap-2 p-3">
              <h3 className="font-semibold break-words text-slate-900">{item.title}</h3>
              <p className="text-xs text-slate-700">
                {item.displayId}
                {item.category ? ` · ${item.category.icon ?? ''} ${item.category.name}` : ''}
                {item.folder ? ` · ${item.folder.name}` : ''}
              </p>
              <PlayableCopyStatus item={item} />
              <MediaToggles item={item} />
              <div className="mt-auto pt-2">
                <MediaRowActions item={item} onEdit={onEdit} onDelete={onDelete} />
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
