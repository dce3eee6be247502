import { lazy, type ReactNode, Suspense, useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { GalleryItem } from '#common/api/gallery.ts';
import { useDocumentTitle } from '#web/app/document-title.ts';
import { useT } from '#web/app/i18n.tsx';
import { useFeatured } from '../api/get-featured.ts';
import { useGalleryPages } from '../api/get-gallery-page.ts';
import { useGallerySummary } from '../api/get-gallery-summary.ts';
import { usePublicCategories } from '../api/get-public-categories.ts';
import { usePublicSettings } from '../api/get-public-settings.ts';
import { useTimeline } from '../api/get-timeline.ts';
import { CustomDocumentCard } from '../components/custom-document-card.tsx';
import { FeaturedStrip } from '../components/featured-strip.tsx';
import { GalleryFilterBar } from '../components/gallery-filter-bar.tsx';
import { GalleryResults, GallerySkeleton, LoadFailed, NoResults } from '../components/gallery-results.tsx';
import { HomeBanner } from '../components/home-banner.tsx';
import { SendMaterialPanel } from '../components/send-material-panel.tsx';
import { ShowOnMapLink } from '../components/show-on-map-link.tsx';
import { Timeline } from '../components/timeline.tsx';
import { TrialBanner } from '../components/trial-banner.tsx';
import {
  type GalleryParamPatch,
  hasFilters,
  patchGalleryParams,
  readGalleryParams,
} from '../lib/gallery-params.ts';

// The viewer is only needed once an image is opened.
// The chosen place's name: only when the address names one ("more from this place").
const PlaceFilterChip = lazy(() => import('../components/place-filter-chip.tsx'));
const Lightbox = lazy(() => import('#web/features/lightbox/index.ts').then((m) => ({ default: m.Lightbox })));

/** When the lightbox comes this close to the end of the loaded items, the next page is fetched. */
const LIGHTBOX_PREFETCH = 6;

/** What the history entry of an open lightbox carries, so closing it can go Back. */
type LightboxState = { lightbox?: boolean } | null;

/** Home gallery (/): public-site.md §2 "Home gallery", §4 "Gallery and lightbox". */
export function HomePage() {
  const t = useT();
  // Failed loads are swallowed (public-site.md §8): the counts, strip or categories are simply not shown.
  const { data: summary } = useGallerySummary();
  const featured = useFeatured();
  const categories = usePublicCategories();
  // The banner's title and description (HomeBanner).
  const { data: settings } = usePublicSettings();
  useDocumentTitle(null);

  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readGalleryParams(searchParams), [searchParams]);
  const { q, category, type, period, place, sort } = params;
  const filters = useMemo(
    () => ({ q, category, type, period, place, sort }),
    [q, category, type, period, place, sort],
  );
  const gallery = useGalleryPages(filters);
  const timeline = useTimeline(
    useMemo(() => ({ q, category, type, period, place }), [q, category, type, period, place]),
  );
  const items = useMemo(() => gallery.data?.pages.flatMap((page) => page.items) ?? [], [gallery.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isPlaceholderData } = gallery;

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isPlaceholderData) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isPlaceholderData, fetchNextPage]);

  // Every filter change is its own history entry, so Back undoes it; the page does not jump to the top.
  const changeFilters = useCallback(
    (patch: GalleryParamPatch) =>
      setSearchParams((prev) => patchGalleryParams(prev, { ...patch, item: null, from: null }), {
        preventScrollReset: true,
      }),
    [setSearchParams],
  );
  const clearFilters = useCallback(
    () => changeFilters({ q: null, category: null, type: null, period: null, place: null, sort: null }),
    [changeFilters],
  );

  // The open image is `?item=<id>` (with `from=featured` for the strip): Back closes the
  // lightbox, and moving through images replaces that entry instead of piling up history.
  const location = useLocation();
  const navigate = useNavigate();
  const openedHere = Boolean((location.state as LightboxState)?.lightbox);
  const source = params.from === 'featured' ? (featured.data ?? []) : items;
  const images = useMemo(() => source.filter((item) => item.mediaType === 'image'), [source]);
  const lightboxIndex = params.item ? images.findIndex((item) => item.id === params.item) : -1;

  const openImage = useCallback(
    (from: 'gallery' | 'featured') => (item: GalleryItem) =>
      setSearchParams((prev) => patchGalleryParams(prev, { item: item.id, from }), {
        preventScrollReset: true,
        state: { lightbox: true } satisfies LightboxState,
      }),
    [setSearchParams],
  );
  const showImage = (index: number) => {
    const next = images[index];
    if (!next) return;
    setSearchParams((prev) => patchGalleryParams(prev, { item: next.id }), {
      replace: true,
      preventScrollReset: true,
      state: location.state,
    });
    if (params.from === 'gallery' && index >= images.length - LIGHTBOX_PREFETCH) loadMore();
  };
  const closeLightbox = () => {
    if (openedHere) navigate(-1);
    else
      setSearchParams((prev) => patchGalleryParams(prev, { item: null, from: null }), {
        replace: true,
        preventScrollReset: true,
      });
  };

  const filtered = hasFilters(params);
  const archiveEmpty =
    summary?.totalItems === 0 || (!filtered && gallery.isSuccess && !isPlaceholderData && items.length === 0);

  let results: ReactNode;
  if (gallery.isPending) results = <GallerySkeleton view={params.view} />;
  else if (gallery.isError && items.length === 0)
    results = <LoadFailed onRetry={() => void gallery.refetch()} />;
  else if (items.length === 0 && !isPlaceholderData) results = <NoResults onClear={clearFilters} />;
  else
    results = (
      <GalleryResults
        items={items}
        view={params.view}
        busy={isPlaceholderData}
        hasMore={Boolean(hasNextPage) && !isPlaceholderData}
        loadingMore={isFetchingNextPage}
        moreFailed={gallery.isFetchNextPageError}
        onLoadMore={loadMore}
        onOpenImage={openImage('gallery')}
      />
    );

  return (
    <>
      <TrialBanner />
      <HomeBanner settings={settings} summary={summary} />
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-8">
        <CustomDocumentCard placement="gallery" />
        <SendMaterialPanel />
        {archiveEmpty && !filtered ? (
          <section className="py-12 text-center">
            <h2 className="text-2xl font-semibold text-slate-900">
              {t('home.empty.title', 'Gallery Coming Soon')}
            </h2>
          </section>
        ) : (
          <>
            <FeaturedStrip items={featured.data ?? []} onOpenImage={openImage('featured')} />
            <section aria-labelledby="gallery-heading" className="space-y-6">
              <h2 id="gallery-heading" className="text-2xl font-semibold text-slate-900">
                {t('gallery.title', 'Savnið')}
              </h2>
              <GalleryFilterBar params={params} categories={categories.data ?? []} onChange={changeFilters} />
              {place && (
                <Suspense fallback={null}>
                  <PlaceFilterChip id={place} onClear={() => changeFilters({ place: null })} />
                </Suspense>
              )}
              {timeline.data && <Timeline counts={timeline.data} period={period} />}
              <ShowOnMapLink searchParams={searchParams} />
              {results}
            </section>
          </>
        )}
      </div>
      {lightboxIndex >= 0 && (
        <Suspense fallback={null}>
          <Lightbox items={images} index={lightboxIndex} onIndexChange={showImage} onClose={closeLightbox} />
        </Suspense>
      )}
    </>
  );
}
