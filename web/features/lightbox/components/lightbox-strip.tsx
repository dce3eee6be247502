import type { GalleryItem } from '#common/api/gallery.ts';
import { useT } from '#web/app/i18n.tsx';
import { MediaImage } from '#web/components/media-image.tsx';
import { stripRange } from '../lib/lightbox-rules.ts';

/** The thumbnails around the item shown; one is a button that shows its item. */
export function LightboxStrip({
  items,
  index,
  onIndexChange,
}: {
  items: GalleryItem[];
  index: number;
  onIndexChange: (index: number) => void;
}) {
  const t = useT();
  const [stripStart, stripEnd] = stripRange(index, items.length);
  return (
    <nav
      aria-label={t('lightbox.thumbnails', 'Thumbnails')}
      className="overflow-x-auto border-t border-white/15 bg-black px-4 py-2"
    >
      <ul className="mx-auto flex w-max gap-2">
        {items.slice(stripStart, stripEnd + 1).map((thumb, offset) => {
          const i = stripStart + offset;
          const current = i === index;
          return (
            <li key={thumb.id} className="flex-none">
              <button
                type="button"
                aria-label={thumb.title}
                aria-current={current ? 'true' : undefined}
                onClick={() => onIndexChange(i)}
                className={`block size-16 overflow-hidden rounded border-2 ${
                  current ? 'border-white' : 'border-transparent opacity-70 hover:opacity-100'
                }`}
              >
                <MediaImage item={thumb} sizes="64px" alt="" className="size-full object-cover" />
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
