import { Star } from 'lucide-react';
import type { GalleryItem } from '#common/api/gallery.ts';
import { useT } from '#web/app/i18n.tsx';
import { FEATURED_SIZES } from '#common/responsive-image.ts';
import { GalleryCard } from './gallery-card.tsx';

/** Up to 6 items flagged as featured (public-site.md §2); nothing at all when there are none. */
export function FeaturedStrip({
  items,
  onOpenImage,
}: {
  items: GalleryItem[];
  onOpenImage: (item: GalleryItem) => void;
}) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="featured-heading">
      <h2 id="featured-heading" className="flex items-center gap-2 text-2xl font-semibold text-slate-900">
        <Star aria-hidden="true" className="size-6 text-amber-600" />
        {t('gallery.featured.title', 'Útvalt tilfar')}
      </h2>
      <ul
        aria-label={t('gallery.featured.list', 'Útvalt tilfar')}
        className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6"
      >
        {items.map((item) => (
          <li key={item.id}>
            <GalleryCard item={item} view="grid" sizes={FEATURED_SIZES} priority onOpenImage={onOpenImage} />
          </li>
        ))}
      </ul>
    </section>
  );
}
