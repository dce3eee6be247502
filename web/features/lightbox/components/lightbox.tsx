import {
  ChevronLeft,
  ChevronRight,
  Heart,
  Info,
  RotateCcw,
  Scan,
  Share2,
  Users,
  X,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type CSSProperties, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { GalleryItem } from '#common/api/gallery.ts';
import { DISPLAY_PX, ZOOM_MAX, ZOOM_MIN } from '#common/limits.ts';
import { useT } from '#web/app/i18n.tsx';
import { MediaImage, usePlaceholder } from '#web/components/media-image.tsx';
import { ShareByHand } from '#web/components/share-by-hand.tsx';
import { useFavorites } from '#web/lib/favorites.ts';
import { useShare } from '#web/lib/share.ts';
import { loadDeepZoom, MediaInfoSections, useMedia } from '#web/features/media/index.ts';
import { loadLightboxPeople } from '#web/features/people/index.ts';
import { useFittedSize } from '../lib/use-fitted-size.ts';
import { neighbourIndex, stripRange, zoomIn, zoomOut } from '../lib/lightbox-rules.ts';

/**
 * The full-screen image viewer (public-site.md §2 Lightbox). This is the agreed interface; the
 * lightbox work fills it in.
 */
export interface LightboxProps {
  /** The items the lightbox can move through, in gallery order. */
  items: GalleryItem[];
  /** Index into `items` of the item shown. */
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/** Deep zoom (OpenSeadragon on the IIIF image service): loaded only when asked for. */
const DeepZoom = lazy(loadDeepZoom);
/** "Show who is here" (issue 29 §2): the boxes and names, a chunk of its own loaded when turned on. */
const LightboxPeople = lazy(() => loadLightboxPeople().then((m) => ({ default: m.LightboxPeople })));
/** "Do you know more about this photo?": a chunk of its own, loaded when a visitor asks for it. */
const KnowledgeForm = lazy(() =>
  import('#web/features/knowledge/index.ts').then((m) => ({ default: m.KnowledgeForm })),
);

const toolButton =
  'inline-flex size-10 items-center justify-center rounded-md bg-white/10 text-white hover:bg-white/20 disabled:cursor-not-allowed disabled:opacity-40 aria-pressed:bg-white aria-pressed:text-slate-900';
/** The stage's padding in px (px-16 py-4), which leaves room for the previous/next buttons. */
const STAGE_PAD_X = 64;
const STAGE_PAD_Y = 16;
const sideButton =
  'absolute top-1/2 z-10 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80 disabled:hidden';

/**
 * Keys (while open): Escape closes (Radix), Left/Right move to the previous/next item and stop at
 * the ends (the gallery is paged, so wrapping would jump over items not yet loaded), I toggles
 * the info panel. Focus stays inside while open and returns to the opening card afterwards.
 */
export function Lightbox({ items, index, onIndexChange, onClose }: LightboxProps) {
  const item = items[index];
  if (!item) return null;
  return (
    <LightboxDialog items={items} index={index} item={item} onIndexChange={onIndexChange} onClose={onClose} />
  );
}

function LightboxDialog({
  items,
  index,
  item,
  onIndexChange,
  onClose,
}: LightboxProps & { item: GalleryItem }) {
  const t = useT();
  const favorites = useFavorites('gallery_favorites');
  const { share, copied, byHand } = useShare();
  const [infoOpen, setInfoOpen] = useState(false);
  // Stays on while moving through the images, until turned off.
  const [showPeople, setShowPeople] = useState(false);
  // Zoom belongs to the item it was set on, so moving to another item shows it at 100%.
  const [zoomState, setZoomState] = useState({ id: item.id, zoom: 1 });
  const zoom = zoomState.id === item.id ? zoomState.zoom : 1;
  const setZoom = (next: number) => setZoomState({ id: item.id, zoom: next });
  // Deep zoom too belongs to its item: moving on shows the next one as usual.
  const [deepZoomId, setDeepZoomId] = useState<string | null>(null);
  const deepZoom = deepZoomId === item.id;
  const deepZoomRef = useRef<HTMLButtonElement>(null);
  const closeDeepZoom = () => {
    setDeepZoomId(null);
    requestAnimationFrame(() => deepZoomRef.current?.focus());
  };

  const infoId = useId();
  const zoomInRef = useRef<HTMLButtonElement>(null);
  const zoomOutRef = useRef<HTMLButtonElement>(null);
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // The stage's frame is measured (not the scrolling stage, whose scrollbars come and go with zoom).
  const { ref: frameRef, size: frameSize } = useFittedSize<HTMLDivElement>();
  const size = frameSize
    ? { width: frameSize.width - STAGE_PAD_X * 2, height: frameSize.height - STAGE_PAD_Y * 2 }
    : null;

  const prev = neighbourIndex(index, items.length, -1);
  const next = neighbourIndex(index, items.length, 1);

  // The latest handlers for the key listener, which is attached once.
  const keys = useRef({ prev, next, onIndexChange });
  keys.current = { prev, next, onIndexChange };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const { prev, next, onIndexChange } = keys.current;
      const stage = target?.closest<HTMLElement>('[data-lightbox-stage]');
      const sideways = event.key === 'ArrowLeft' || event.key === 'ArrowRight';
      // A zoomed image wider than the stage scrolls sideways with the arrows while it has focus.
      if (sideways && stage && stage.scrollWidth > stage.clientWidth) return;
      if (event.key === 'ArrowLeft' && prev !== null) {
        event.preventDefault();
        onIndexChange(prev);
      } else if (event.key === 'ArrowRight' && next !== null) {
        event.preventDefault();
        onIndexChange(next);
      } else if (event.key === 'i' || event.key === 'I') {
        event.preventDefault();
        setInfoOpen((open) => !open);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // The neighbours' display images are fetched ahead, so moving on shows them at once.
  useEffect(() => {
    for (const i of [prev, next]) {
      const src = i === null ? null : items[i]?.files.display;
      if (src) new Image().src = src;
    }
  }, [items, prev, next]);

  /** A button that just became disabled would drop focus to the page; hand it to its partner. */
  const keepFocus = (becameDisabled: boolean, partner: HTMLButtonElement | null) => {
    if (becameDisabled) partner?.focus();
  };

  const changeZoom = (direction: 1 | -1) => {
    const value = direction === 1 ? zoomIn(zoom) : zoomOut(zoom);
    setZoom(value);
    if (direction === 1) keepFocus(value >= ZOOM_MAX, zoomOutRef.current);
    else keepFocus(value <= ZOOM_MIN, zoomInRef.current);
  };

  const go = (target: number | null, direction: 1 | -1) => {
    if (target === null) return;
    onIndexChange(target);
    const after = neighbourIndex(target, items.length, direction);
    keepFocus(after === null, direction === 1 ? prevRef.current : nextRef.current);
  };

  const isFavorite = favorites.has(item.id);
  const [stripStart, stripEnd] = stripRange(index, items.length);
  const aspect = item.width && item.height ? item.width / item.height : 4 / 3;
  const imageSize = size ? fittedImageSize(size, aspect, item, zoom) : null;

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/95" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col bg-black text-white focus:outline-none"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            closeRef.current?.focus();
          }}
        >
          <div className="flex flex-wrap items-center gap-3 border-b border-white/15 bg-black px-4 py-2">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="truncate text-lg font-semibold">{item.title}</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-300">
                {t('lightbox.position', '{n} of {total}', { n: index + 1, total: items.length })}
                <span className="sr-only">
                  {' '}
                  {t(
                    'lightbox.keys_help',
                    'Left and Right arrow keys move between images, I shows the information, Escape closes.',
                  )}
                </span>
              </Dialog.Description>
            </div>

            <div className="flex items-center gap-1">
              <button
                ref={zoomOutRef}
                type="button"
                className={toolButton}
                aria-label={t('lightbox.zoom_out', 'Zoom out')}
                title={t('lightbox.zoom_out', 'Zoom out')}
                disabled={zoom <= ZOOM_MIN}
                onClick={() => changeZoom(-1)}
              >
                <ZoomOut aria-hidden="true" className="size-5" />
              </button>
              <output
                aria-live="polite"
                aria-label={t('lightbox.zoom_level', 'Zoom level')}
                className="w-14 text-center text-sm tabular-nums"
                data-testid="zoom-level"
              >
                {Math.round(zoom * 100)}%
              </output>
              <button
                ref={zoomInRef}
                type="button"
                className={toolButton}
                aria-label={t('lightbox.zoom_in', 'Zoom in')}
                title={t('lightbox.zoom_in', 'Zoom in')}
                disabled={zoom >= ZOOM_MAX}
                onClick={() => changeZoom(1)}
              >
                <ZoomIn aria-hidden="true" className="size-5" />
              </button>
              <button
                type="button"
                className={toolButton}
                aria-label={t('lightbox.zoom_reset', 'Reset zoom')}
                title={t('lightbox.zoom_reset', 'Reset zoom')}
                onClick={() => setZoom(1)}
              >
                <RotateCcw aria-hidden="true" className="size-5" />
              </button>
              {item.mediaType === 'image' && (
                <button
                  ref={deepZoomRef}
                  type="button"
                  className={toolButton}
                  aria-label={t('lightbox.deep_zoom', 'Deep zoom')}
                  title={t('lightbox.deep_zoom', 'Deep zoom')}
                  aria-pressed={deepZoom}
                  onClick={() => (deepZoom ? closeDeepZoom() : setDeepZoomId(item.id))}
                >
                  <Scan aria-hidden="true" className="size-5" />
                </button>
              )}
            </div>

            <div className="flex items-center gap-1">
              {item.mediaType === 'image' && !deepZoom && (
                <button
                  type="button"
                  className={toolButton}
                  aria-label={t('people.show', 'Vís hvør er her')}
                  title={t('people.show', 'Vís hvør er her')}
                  aria-pressed={showPeople}
                  onClick={() => setShowPeople((on) => !on)}
                >
                  <Users aria-hidden="true" className="size-5" />
                </button>
              )}
              <button
                type="button"
                className={toolButton}
                aria-label={t('lightbox.favorite', 'Favourite')}
                title={t('lightbox.favorite', 'Favourite')}
                aria-pressed={isFavorite}
                onClick={() => favorites.toggle(item.id)}
              >
                <Heart aria-hidden="true" className="size-5" fill={isFavorite ? 'currentColor' : 'none'} />
              </button>
              <button
                type="button"
                className={toolButton}
                aria-label={t('lightbox.share', 'Share')}
                title={t('lightbox.share', 'Share')}
                onClick={() => share(item)}
              >
                <Share2 aria-hidden="true" className="size-5" />
              </button>
              <button
                type="button"
                className={toolButton}
                aria-label={t('lightbox.info', 'Information')}
                title={t('lightbox.info_key', 'Information (I)')}
                aria-expanded={infoOpen}
                aria-controls={infoOpen ? infoId : undefined}
                onClick={() => setInfoOpen((open) => !open)}
              >
                <Info aria-hidden="true" className="size-5" />
              </button>
              <Dialog.Close
                ref={closeRef}
                className={toolButton}
                aria-label={t('lightbox.close', 'Close')}
                title={t('lightbox.close_key', 'Close (Esc)')}
              >
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>
          </div>

          <div role="status">
            {copied && (
              <p className="bg-green-700 px-4 py-2 text-center text-sm font-medium text-white">
                {t('share.copied', 'Link copied! Paste to share')}
              </p>
            )}
          </div>
          {byHand?.id === item.id && (
            <ShareByHand url={byHand.url} className="bg-white px-4 py-2 [&_label]:text-slate-900" />
          )}

          <div className="flex min-h-0 flex-1">
            <div ref={frameRef} className="relative min-w-0 flex-1">
              <button
                ref={prevRef}
                type="button"
                className={`${sideButton} left-3`}
                aria-label={t('lightbox.previous', 'Previous image')}
                disabled={prev === null}
                onClick={() => go(prev, -1)}
              >
                <ChevronLeft aria-hidden="true" className="size-7" />
              </button>
              {deepZoom ? (
                <div className="size-full px-16 py-4">
                  <Suspense fallback={null}>
                    <DeepZoom id={item.id} title={item.title} onClose={closeDeepZoom} className="size-full" />
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
                      className={
                        imageSize ? 'm-auto flex-none' : 'm-auto max-h-full max-w-full object-contain'
                      }
                      style={
                        imageSize
                          ? { width: imageSize.width, height: imageSize.height, maxWidth: 'none' }
                          : undefined
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
                onClick={() => go(next, 1)}
              >
                <ChevronRight aria-hidden="true" className="size-7" />
              </button>
            </div>

            {infoOpen && (
              <section
                id={infoId}
                // biome-ignore lint/a11y/noNoninteractiveTabindex: the panel scrolls, so it must be reachable by keyboard (WCAG 2.1.1)
                tabIndex={0}
                aria-label={t('lightbox.info_panel', 'Information')}
                className="w-full max-w-sm overflow-y-auto bg-white p-5 text-slate-900"
              >
                <LightboxInfo id={item.id} />
              </section>
            )}
          </div>

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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
function DisplayImage({
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

/**
 * The information panel: a gallery card carries only what the card shows, so the panel asks for
 * the whole item (GET /api/media/:id, cached per item by TanStack Query).
 */
function LightboxInfo({ id }: { id: string }) {
  const t = useT();
  const { data, error } = useMedia(id);
  if (data)
    return (
      <>
        <MediaInfoSections item={data} level={3} />
        {data.isPublic && (
          <div className="mt-4">
            <TellMore key={data.id} id={data.id} />
          </div>
        )}
      </>
    );
  return (
    <p role={error ? 'alert' : 'status'} className="text-sm text-slate-700">
      {error
        ? t('lightbox.info_error', 'The information could not be loaded.')
        : t('lightbox.info_loading', 'Loading information…')}
    </p>
  );
}

/** The button that opens "Do you know more about this photo?" in the panel, its form loaded then. */
function TellMore({ id }: { id: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <button
        type="button"
        className="rounded-md border border-slate-400 px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100"
        onClick={() => setOpen(true)}
      >
        {t('knowledge.title', 'Veitst tú meira um hesa myndina?')}
      </button>
    );
  return (
    <Suspense fallback={<p role="status">{t('lightbox.info_loading', 'Loading information…')}</p>}>
      <KnowledgeForm mediaId={id} headingLevel={3} autoFocus />
    </Suspense>
  );
}
