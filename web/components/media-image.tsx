import { type CSSProperties, useMemo } from 'react';
import { thumbHashToDataURL } from 'thumbhash';
import type { MediaItem } from '#common/api.ts';
import { type PictureSource, pictureOf } from '#common/responsive-image.ts';

type ImageFields = Pick<MediaItem, 'title' | 'width' | 'height' | 'placeholder' | 'mediaType'> & {
  files: PictureSource['files'];
};

/** The ThumbHash placeholder as a data URL, or null. */
export function usePlaceholder(placeholder: string | null): string | null {
  return useMemo(() => {
    if (!placeholder) return null;
    try {
      const bytes = Uint8Array.from(atob(placeholder), (c) => c.charCodeAt(0));
      return thumbHashToDataURL(bytes);
    } catch {
      return null;
    }
  }, [placeholder]);
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
  const placeholder = usePlaceholder(item.placeholder);
  const picture = pictureOf(item);
  if (!picture) return null;
  const { src, srcSet } = picture;
  const width = item.width ?? 4;
  const height = item.height ?? 3;

  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      width={width}
      height={height}
      alt={alt ?? item.title}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={className}
      style={{
        ...(placeholder ? { backgroundImage: `url(${placeholder})`, backgroundSize: 'cover' } : {}),
        ...style,
      }}
    />
  );
}
