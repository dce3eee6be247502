import { SearchX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { GalleryItem } from '#common/api/gallery.ts';
import { useT } from '#web/app/i18n.tsx';
import { primaryButton, secondaryButton } from '#web/components/button.tsx';
import type { GalleryView } from '../lib/gallery-params.ts';
import { GalleryCard, GalleryCardSkeleton } from './gallery-card.tsx';

const GRID = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4';
const LIST = 'flex flex-col gap-3';
// A grid card off screen is not styled, laid out or painted until it nears the viewport, so a phone
// paints the first cards of a long page sooner. 16rem is about a card's height until it is drawn.
const OFF_SCREEN_SKIPPED = '[contain-intrinsic-size:auto_16rem] [content-visibility:auto]';
/** The cards of the first row (4 columns at most) load eagerly and first. */
const FIRST_ROW = { grid: 4, list: 2 } as const;
const SKELETONS = { grid: 8, list: 4 } as const;
/** Start fetching the next page this far before its end comes into view. */
const PREFETCH_MARGIN = '800px 0px';

/** Placeholders of the cards' own size, so nothing moves when the items arrive. */
export function GallerySkeleton({ view }: { view: GalleryView }) {
  const t = useT();
  return (
    <div>
      <p role="status" className="sr-only">
        {t('gallery.loading', 'Lesur inn…')}
      </p>
      <ul aria-hidden="true" className={view === 'grid' ? GRID : LIST}>
        {Array.from({ length: SKELETONS[view] }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <li key={i}>
            <GalleryCardSkeleton view={view} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 'No Results Found' for a search or filter that matches nothing (public-site.md §2). */
export function NoResults({ onClear }: { onClear: () => void }) {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 px-4 py-12 text-center">
      <SearchX aria-hidden="true" className="size-10 text-slate-500" />
      <h3 className="text-xl font-semibold text-slate-900">{t('gallery.empty.title', 'No Results Found')}</h3>
      <p className="text-slate-700">
        {t('gallery.empty.text', 'No media items match your current search or filters.')}
      </p>
      <button
        type="button"
        onClick={onClear}
        className={`${secondaryButton} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700`}
      >
        {t('gallery.empty.clear', 'Clear All Filters')}
      </button>
    </div>
  );
}

/** The first page could not be loaded: said quietly, with a way to try again (§8 keeps it calm). */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-center">
      <p className="text-slate-700">{t('gallery.load_failed', 'Myndasavnið kundi ikki lesast inn.')}</p>
      <button type="button" onClick={onRetry} className={secondaryButton}>
        {t('gallery.retry', 'Royn aftur')}
      </button>
    </div>
  );
}

/**
 * The loaded items as a grid or list. More pages come by scrolling (an observer near the end)
 * and by the 'load more' button, which keyboard and screen-reader users can reach.
 */
export function GalleryResults({
  items,
  view,
  busy,
  hasMore,
  loadingMore,
  moreFailed = false,
  onLoadMore,
  onOpenImage,
}: {
  items: GalleryItem[];
  view: GalleryView;
  /** Results for changed filters are on their way; the shown ones are the previous. */
  busy: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  /** The last 'more' failed: scrolling stops asking (no retry loop); the button still tries again. */
  moreFailed?: boolean;
  onLoadMore: () => void;
  onOpenImage: (item: GalleryItem) => void;
}) {
  const t = useT();
  const sentinel = useRef<HTMLDivElement>(null);
  const canAutoLoad = hasMore && !loadingMore && !busy && !moreFailed;
  const loadMore = useRef(onLoadMore);
  useEffect(() => {
    loadMore.current = onLoadMore;
  });

  // After the button brought more, focus goes to the first new card, so a keyboard user carries
  // on where the list grew (and is not dropped to the page when the button goes away).
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const count = items.length;
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    list.current?.children[from]?.querySelector<HTMLElement>('a, button')?.focus();
  }, [count]);
  useEffect(() => {
    if (busy) focusFrom.current = null;
  }, [busy]);
  // Focusing the button scrolls the end into view, so scrolling may already be fetching that
  // page: the press then only waits for it, and focus still moves on.
  const pressLoadMore = () => {
    if (busy) return;
    focusFrom.current = count;
    if (!loadingMore) onLoadMore();
  };

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !canAutoLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore.current();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [canAutoLoad]);

  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="sr-only">
        {busy
          ? t('gallery.loading', 'Lesur inn…')
          : t('gallery.count', '{n} lutir vístir', { n: items.length })}
      </p>
      <ul
        ref={list}
        aria-label={t('gallery.results', 'Úrslit')}
        aria-busy={busy}
        className={`${view === 'grid' ? GRID : LIST} transition-opacity ${busy ? 'opacity-60' : ''}`}
      >
        {items.map((item, index) => (
          <li key={item.id} className={view === 'grid' ? OFF_SCREEN_SKIPPED : undefined}>
            <GalleryCard
              item={item}
              view={view}
              priority={index < FIRST_ROW[view]}
              onOpenImage={onOpenImage}
            />
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      {hasMore && (
        <div className="flex justify-center">
          <button
            type="button"
            onClick={pressLoadMore}
            aria-disabled={loadingMore || busy}
            aria-busy={loadingMore}
            className={`${primaryButton} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700`}
          >
            {loadingMore
              ? t('gallery.loading_more', 'Lesur inn fleiri…')
              : t('gallery.load_more', 'Vís fleiri')}
          </button>
        </div>
      )}
    </div>
  );
}
