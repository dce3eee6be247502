import {
  type CSSProperties,
  type RefObject,
  startTransition,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { thumbHashToAverageRGBA, thumbHashToDataURL } from 'thumbhash';
import type { MediaItem } from '#common/api.ts';
import { type PictureSource, pictureOf } from '#common/responsive-image.ts';

type ImageFields = Pick<MediaItem, 'title' | 'width' | 'height' | 'placeholder' | 'mediaType'> & {
  files: PictureSource['files'];
};

const hashBytes = (placeholder: string) => Uint8Array.from(atob(placeholder), (c) => c.charCodeAt(0));

/** The ThumbHash placeholder as a data URL, or null. */
export function usePlaceholder(placeholder: string | null): string | null {
  return useMemo(() => {
    if (!placeholder) return null;
    try {
      return thumbHashToDataURL(hashBytes(placeholder));
    } catch {
      return null;
    }
  }, [placeholder]);
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

/**
 * The style behind a picture while it loads. The page the server draws (and the browser's first
 * render over it, which must be the same) has the placeholder's average colour only: its blurred
 * picture is a data URL of some 3.5 kB that brotli cannot shrink, once per card, which made the
 * home page's HTML several times heavier. Once the page's script runs, the blurred picture, for a
 * picture not yet loaded only: decoding a ThumbHash into a PNG takes a few milliseconds, and doing
 * it for a whole page of cards at once held a phone for a good part of a second after hydration.
 * It is drawn in a transition, which React works through in short slices.
 */
function usePlaceholderStyle(
  placeholder: string | null,
  image: RefObject<HTMLImageElement | null>,
): CSSProperties {
  const [blurred, setBlurred] = useState(false);
  useEffect(() => {
    if (placeholder && image.current && !image.current.complete) startTransition(() => setBlurred(true));
  }, [placeholder, image]);
  const picture = usePlaceholder(blurred ? placeholder : null);
  if (picture) return { backgroundImage: `url(${picture})`, backgroundSize: 'cover' };
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
