import { type CSSProperties, type RefObject, useEffect, useMemo, useRef } from 'react';
import { thumbHashToAverageRGBA, thumbHashToDataURL } from 'thumbhash';
import type { MediaItem } from '#common/api/media.ts';
import { type PictureSource, pictureOf } from '#common/responsive-image.ts';

type ImageFields = Pick<MediaItem, 'title' | 'width' | 'height' | 'placeholder' | 'mediaType'> & {
  files: PictureSource['files'];
};

const hashBytes = (placeholder: string) => Uint8Array.from(atob(placeholder), (c) => c.charCodeAt(0));

function placeholderPicture(placeholder: string | null): string | null {
  if (!placeholder) return null;
  try {
    return thumbHashToDataURL(hashBytes(placeholder));
  } catch {
    return null;
  }
}

/** The ThumbHash placeholder as a data URL, or null. */
export function usePlaceholder(placeholder: string | null): string | null {
  return useMemo(() => placeholderPicture(placeholder), [placeholder]);
}

/** The ThumbHash's average colour as #rrggbb, or null. */
function averageColour(placeholder: string | null): string | null {
  if (!placeholder) return null;
  try {
    const { r, g, b } = thumbHashToAverageRGBA(hashBytes(placeholder));
    return `#${[r, g, b]
      .map((c) =>
        Math.round(c * 255)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  } catch {
    return null;
  }
}

/** The longest a slice of idle work may take before it lets the browser go on (ms). */
const IDLE_SLICE_MS = 4;
const idleQueue = new Set<() => void>();
let idleScheduled = false;

/**
 * Runs `work` when the browser is idle (Safari, which has no idle callbacks: after a short timer).
 * All pictures share one queue, worked through in slices of a few milliseconds, each in a task of
 * its own: a page of them never makes one long task (the browser runs the idle callbacks that are
 * due one after the other in one task). Returns a cancel.
 */
function whenIdle(work: () => void): () => void {
  idleQueue.add(work);
  scheduleIdleSlice();
  return () => idleQueue.delete(work);
}

function scheduleIdleSlice(): void {
  if (idleScheduled || idleQueue.size === 0) return;
  idleScheduled = true;
  const slice = () => {
    idleScheduled = false;
    const end = performance.now() + IDLE_SLICE_MS;
    for (const work of idleQueue) {
      idleQueue.delete(work);
      work();
      if (performance.now() >= end) break;
    }
    scheduleIdleSlice();
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(slice, { timeout: 2000 });
  else setTimeout(slice, 50);
}

/**
 * How near the viewport (px) a picture must come before its blurred placeholder is drawn: Chromium
 * starts loading a lazy image at 1,250 px on a fast connection, so the blur is there when the
 * picture starts to load, and a long page does not decode the blurs of pictures nobody has
 * scrolled to.
 */
const NEAR_VIEWPORT = '1250px';
const whenNearCallbacks = new WeakMap<Element, () => void>();
let nearObserver: IntersectionObserver | undefined;

/** Runs `work` once `element` comes near the viewport (at once without IntersectionObserver). */
function whenNearViewport(element: Element, work: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    work();
    return () => {};
  }
  nearObserver ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        nearObserver?.unobserve(entry.target);
        whenNearCallbacks.get(entry.target)?.();
        whenNearCallbacks.delete(entry.target);
      }
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  whenNearCallbacks.set(element, work);
  nearObserver.observe(element);
  return () => {
    whenNearCallbacks.delete(element);
    nearObserver?.unobserve(element);
  };
}

/**
 * The colour behind a picture while it loads, and its blurred picture once the page's script runs.
 * The page the server draws (and the browser's first render over it, which must be the same) has
 * the placeholder's average colour only: its blurred picture is a data URL of some 3.5 kB that
 * brotli cannot shrink, once per card, which made the home page's HTML several times heavier. The
 * blurred picture is then drawn for a picture not yet loaded only, when the browser is idle, one
 * picture at a time, and straight onto the image, without drawing the card again: decoding a
 * ThumbHash into a PNG takes a few milliseconds, and a page of cards at once held a phone for a
 * good part of a second after hydration (and still 90 ms at 4× slowdown when the idle callbacks
 * ran back to back: whenIdle works through them in slices). Only for pictures near the viewport:
 * the home page's 30 cards took some 40 ms of a fast machine's main thread after the first paint
 * for blurs below the fold, behind lazy images that were not loading.
 */
function usePlaceholderStyle(
  placeholder: string | null,
  image: RefObject<HTMLImageElement | null>,
): CSSProperties {
  useEffect(() => {
    const img = image.current;
    if (!placeholder || !img || img.complete) return;
    let cancelIdle = () => {};
    const stopWatching = whenNearViewport(img, () => {
      cancelIdle = whenIdle(() => {
        if (img.complete) return;
        const picture = placeholderPicture(placeholder);
        if (!picture) return;
        // React never sets these two (the style it draws has the colour only), so they stay.
        img.style.backgroundImage = `url(${picture})`;
        img.style.backgroundSize = 'cover';
      });
    });
    return () => {
      stopWatching();
      cancelIdle();
      img.style.backgroundImage = '';
      img.style.backgroundSize = '';
    };
  }, [placeholder, image]);
  const colour = averageColour(placeholder);
  return colour ? { backgroundColor: colour } : {};
}

/**
 * The picture of an item: thumbnail and display image as a srcset, its own width and height so
 * the layout never shifts, and the ThumbHash placeholder behind it while it loads. Video uses its
 * poster frame and audio its waveform.
 */
export function MediaImage({
  item,
  sizes,
  className = '',
  style,
  alt,
  priority = false,
}: {
  item: ImageFields;
  /** The `sizes` attribute: how wide the image is shown at each viewport. */
  sizes: string;
  className?: string;
  style?: CSSProperties;
  /** Defaults to the title. Pass '' for a purely decorative copy. */
  alt?: string;
  /** The largest image above the fold: loaded eagerly and with high priority. */
  priority?: boolean;
}) {
  const image = useRef<HTMLImageElement>(null);
  const placeholder = usePlaceholderStyle(item.placeholder, image);
  const picture = pictureOf(item);
  if (!picture) return null;
  const { src, srcSet } = picture;
  const width = item.width ?? 4;
  const height = item.height ?? 3;

  return (
    <img
      ref={image}
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={height}
      alt={alt ?? item.title}
      loading={priority ? 'eager' : 'lazy'}
      // 'auto' is the default: not written out once per card.
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
      style={{ ...placeholder, ...style }}
    />
  );
}
