import { Heart, Maximize } from 'lucide-react';
import type { RefObject } from 'react';
import { useT } from '#web/app/i18n.tsx';
import { secondaryButton } from '#web/components/button.tsx';
import { useFavorites } from '#web/lib/favorites.ts';
import { useFullscreenEnabled } from '#web/lib/fullscreen.ts';

// The two buttons below draw what only the browser knows (its favourites, whether it can go full
// screen), so they differ from the server's page once the script runs: each is a component of its
// own, so that change draws the button again, not the whole page (a long task on a slow phone).

export function FavoriteButton({ id }: { id: string }) {
  const t = useT();
  const favorites = useFavorites('gallery_favorites');
  const isFavorite = favorites.has(id);
  return (
    <button
      type="button"
      className={secondaryButton}
      aria-pressed={isFavorite}
      onClick={() => favorites.toggle(id)}
    >
      <Heart
        aria-hidden="true"
        className={`size-5 ${isFavorite ? 'text-red-600' : ''}`}
        fill={isFavorite ? 'currentColor' : 'none'}
      />
      {t('media.favorite', 'Favourite')}
    </button>
  );
}

export function FullscreenButton({
  buttonRef,
  onClick,
}: {
  buttonRef: RefObject<HTMLButtonElement | null>;
  onClick: () => void;
}) {
  const t = useT();
  const enabled = useFullscreenEnabled();
  if (!enabled) return null;
  return (
    <button ref={buttonRef} type="button" className={secondaryButton} onClick={onClick}>
      <Maximize aria-hidden="true" className="size-5" />
      {t('media.fullscreen', 'View fullscreen')}
    </button>
  );
}

/**
 * The IIIF badge: the item's Presentation 3.0 manifest, to open it in a IIIF viewer (Mirador,
 * Universal Viewer…) or drag it into one. Public items only (the server answers no other).
 */
export function IiifManifestLink({ id }: { id: string }) {
  const t = useT();
  return (
    <a
      href={`/iiif/presentation/3/item/${encodeURIComponent(id)}`}
      type="application/ld+json"
      className="inline-flex items-center gap-2 text-sm font-medium text-blue-700 hover:underline"
    >
      <span aria-hidden="true" className="rounded bg-blue-700 px-1.5 py-0.5 text-xs font-bold text-white">
        IIIF
      </span>
      {t('media.iiif_manifest', 'IIIF manifest')}
    </a>
  );
}
