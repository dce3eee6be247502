import { Heart, Info, RotateCcw, Scan, Share2, Users, X, ZoomIn, ZoomOut } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import type { GalleryItem } from '#common/api/gallery.ts';
import { ZOOM_MAX, ZOOM_MIN } from '#common/limits.ts';
import { useT } from '#web/app/i18n.tsx';

const toolButton =
  'inline-flex size-10 items-center justify-center rounded-md bg-white/10 text-white hover:bg-white/20 disabled:cursor-not-allowed disabled:opacity-40 aria-pressed:bg-white aria-pressed:text-slate-900';

/** Zoom out, the zoom level, zoom in, reset, and deep zoom (images only). */
export function ZoomTools({
  item,
  zoom,
  onZoom,
  onReset,
  deepZoom,
  onDeepZoom,
  zoomInRef,
  zoomOutRef,
  deepZoomRef,
}: {
  item: GalleryItem;
  zoom: number;
  onZoom: (direction: 1 | -1) => void;
  onReset: () => void;
  deepZoom: boolean;
  onDeepZoom: () => void;
  zoomInRef: RefObject<HTMLButtonElement | null>;
  zoomOutRef: RefObject<HTMLButtonElement | null>;
  deepZoomRef: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT();
  return (
    <div className="flex items-center gap-1">
      <button
        ref={zoomOutRef}
        type="button"
        className={toolButton}
        aria-label={t('lightbox.zoom_out', 'Zoom out')}
        title={t('lightbox.zoom_out', 'Zoom out')}
        disabled={zoom <= ZOOM_MIN}
        onClick={() => onZoom(-1)}
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
        onClick={() => onZoom(1)}
      >
        <ZoomIn aria-hidden="true" className="size-5" />
      </button>
      <button
        type="button"
        className={toolButton}
        aria-label={t('lightbox.zoom_reset', 'Reset zoom')}
        title={t('lightbox.zoom_reset', 'Reset zoom')}
        onClick={onReset}
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
          onClick={onDeepZoom}
        >
          <Scan aria-hidden="true" className="size-5" />
        </button>
      )}
    </div>
  );
}

/** Who is here (images), favourite, share, the information panel, and close. */
export function ItemTools({
  item,
  deepZoom,
  showPeople,
  onTogglePeople,
  isFavorite,
  onFavorite,
  onShare,
  infoOpen,
  infoId,
  onToggleInfo,
  closeRef,
}: {
  item: GalleryItem;
  deepZoom: boolean;
  showPeople: boolean;
  onTogglePeople: () => void;
  isFavorite: boolean;
  onFavorite: () => void;
  onShare: () => void;
  infoOpen: boolean;
  infoId: string;
  onToggleInfo: () => void;
  closeRef: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT();
  return (
    <div className="flex items-center gap-1">
      {item.mediaType === 'image' && !deepZoom && (
        <button
          type="button"
          className={toolButton}
          aria-label={t('people.show', 'Vís hvør er her')}
          title={t('people.show', 'Vís hvør er her')}
          aria-pressed={showPeople}
          onClick={onTogglePeople}
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
        onClick={onFavorite}
      >
        <Heart aria-hidden="true" className="size-5" fill={isFavorite ? 'currentColor' : 'none'} />
      </button>
      <button
        type="button"
        className={toolButton}
        aria-label={t('lightbox.share', 'Share')}
        title={t('lightbox.share', 'Share')}
        onClick={onShare}
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
        onClick={onToggleInfo}
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
  );
}
