import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type CSSProperties, lazy, type RefObject, Suspense } from 'react';
import type { GalleryItem } from '#common/api/gallery.ts';
import { DISPLAY_PX } from '#common/limits.ts';
import { useT } from '#web/app/i18n.tsx';
import { usePlaceholder } from '#web/components/media-image.tsx';
import { loadDeepZoom } from '#web/features/media/index.ts';
import { loadLightboxPeople } from '#web/features/people/index.ts';
import { useFittedSize } from '../lib/use-fitted-size.ts';

/** Deep zoom (OpenSeadragon on the IIIF image service): loaded only when asked for. */
const DeepZoom = lazy(loadDeepZoom);
/** "Show who is here" (issue 29 §2): the boxes and names, a chunk of its own loaded when turned on. */
const LightboxPeople = lazy(() => loadLightboxPeople().then((m) => ({ default: m.LightboxPeople })));

/** The stage's padding in px (px-16 py-4), which leaves room for the previous/next buttons. */
const STAGE_PAD_X = 64;
const STAGE_PAD_Y = 16;
const sideButton =
  'absolute top-1/2 z-10 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 disabled:hidden';

/**
 * The image at its zoom between the previous and next buttons (or the deep zoom viewer), with the
 * people's boxes over it when they are shown.
 */
export function LightboxStage({
  item,
  zoom,
  showPeople,
  deepZoom,
  onCloseDeepZoom,
  prev,
  next,
  onGo,
  prevRef,
  nextRef,
}: {
  item: GalleryItem;
  zoom: number;
  showPeople: boolean;
  deepZoom: boolean;
  onCloseDeepZoom: () => void;
  prev: number | null;
  next: number | null;
  onGo: (target: number | null, direction: 1 | -1) => void;
  prevRef: RefObject<HTMLButtonElement | null>;
  nextRef: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT();
  // The stage's frame is measured (not the scrolling stage, whose scrollbars come and go with zoom).
  const { ref: frameRef, size: frameSize } = useFittedSize<HTMLDivElement>();
  const size = frameSize
    ? { width: frameSize.width - STAGE_PAD_X * 2, height: frameSize.height - STAGE_PAD_Y * 2 }
    : null;
  const aspect = item.width && item.height ? item.width / item.height : 4 / 3;
  const imageSize = size ? fittedImageSize(size, aspect, item, zoom) : null;
  return (
    <div ref={frameRef} className="relative min-w-0 flex-1">
      <button
        ref={prevRef}
        type="button"
        className={`${sideButton} left-3`}
        aria-label={t('lightbox.previous', 'Previous image')}
        disabled={prev === null}
        onClick={() => onGo(prev, -1)}
      >
        <ChevronLeft aria-hidden="true" className="size-7" />
      </button>
      {deepZoom ? (
        <div className="size-full px-16 py-4">
          <Suspense fallback={null}>
            <DeepZoom id={item.id} title={item.title} onClose={onCloseDeepZoom} className="size-full" />
          </Suspense>
        </div>
      ) : (
        // Focusable so a zoomed image can be scrolled from the keyboard: all four arrows
        // while it is wider than the stage (previous/next stay on their buttons).
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          data-lightbox-stage=""
          aria-label={t('lightbox.image_region', 'Image')}
          className="flex size-full overflow-auto px-16 py-4"
        >
          {showPeople && item.mediaType === 'image' && imageSize ? (
            // The boxes are drawn in the image's own frame, so they follow it as it zooms.
            <div
              className="relative m-auto flex-none"
              style={{ width: imageSize.width, height: imageSize.height }}
            >
              <DisplayImage key={item.id} item={item} className="block size-full max-w-none" />
              <Suspense fallback={null}>
                <LightboxPeople mediaId={item.id} />
              </Suspense>
            </div>
          ) : (
            <DisplayImage
              key={item.id}
              item={item}
              className={imageSize ? 'm-auto flex-none' : 'm-auto max-h-full max-w-full object-contain'}
              style={
                imageSize ? { width: imageSize.width, height: imageSize.height, maxWidth: 'none' } : undefined
              }
            />
          )}
        </section>
      )}
      <button
        ref={nextRef}
        type="button"
        className={`${sideButton} right-3`}
        aria-label={t('lightbox.next', 'Next image')}
        disabled={next === null}
        onClick={() => onGo(next, 1)}
      >
        <ChevronRight aria-hidden="true" className="size-7" />
      </button>
    </div>
  );
}

/**
 * The image's size at `zoom`: at 100% it fits the stage without being enlarged beyond the
 * display image's own size (the display size is at most the original's, fitted in 1600 px).
 */
function fittedImageSize(
  stage: { width: number; height: number },
  aspect: number,
  item: Pick<GalleryItem, 'width' | 'height'>,
  zoom: number,
) {
  const natural =
    item.width && item.height
      ? item.width * Math.min(1, DISPLAY_PX / Math.max(item.width, item.height))
      : Infinity;
  const base = Math.max(1, Math.min(stage.width, stage.height * aspect, natural));
  const width = Math.round(base * zoom);
  return { width, height: Math.round(width / aspect) };
}

/**
 * The display derivative itself (watermarked, at most 1600 px), not a srcset: for small
 * originals the thumbnail is as wide as the display image and a srcset could pick either.
 * Its own width and height and the ThumbHash placeholder keep the layout still while it loads.
 */
export function DisplayImage({
  item,
  className,
  style,
}: {
  item: GalleryItem;
  className: string;
  style?: CSSProperties;
}) {
  const placeholder = usePlaceholder(item.placeholder);
  const src = item.files.display ?? item.files.thumb;
  if (!src) return null;
  return (
    <img
      src={src}
      alt={item.title}
      width={item.width ?? undefined}
      height={item.height ?? undefined}
      decoding="async"
      fetchPriority="high"
      className={className}
      style={{
        ...(placeholder ? { backgroundImage: `url(${placeholder})`, backgroundSize: 'cover' } : {}),
        ...style,
      }}
    />
  );
}
