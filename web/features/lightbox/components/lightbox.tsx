import type { GalleryItem } from '../../../../common/api.ts';

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

export function Lightbox({ items, index, onClose }: LightboxProps) {
  const item = items[index];
  if (!item) return null;
  return (
    <div role="dialog" aria-modal="true" aria-label={item.title}>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
