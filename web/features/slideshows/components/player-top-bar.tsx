import { Heart, Maximize, Minimize, X } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '#web/app/i18n.tsx';
import { useFavorites } from '#web/lib/favorites.ts';
import type { Slideshow } from '../api/get-slideshow.ts';
import { controlButton } from './player-buttons.ts';

/** The player's top bar: title, position, favourite, full screen, close. */
export function PlayerTopBar({
  slideshow,
  position,
  playing,
  overlayClass,
  isFullscreen,
  canFullscreen,
  onToggleFullscreen,
}: {
  slideshow: Slideshow;
  /** '{n} / {total}', the slide's place in the show. */
  position: string;
  playing: boolean;
  overlayClass: string;
  isFullscreen: boolean;
  canFullscreen: boolean;
  onToggleFullscreen: () => void;
}) {
  const t = useT();
  const { slides } = slideshow;
  const favorites = useFavorites('slideshow_favorites');
  const isFavorite = favorites.has(slideshow.id);
  return (
    <div
      data-testid="slideshow-overlay"
      className={`absolute inset-x-0 top-0 flex items-start justify-between gap-4 bg-gradient-to-b from-black/80 to-transparent p-4 ${overlayClass}`}
    >
      <div className="min-w-0">
        <h1 className="truncate text-xl font-semibold sm:text-2xl">{slideshow.title}</h1>
        {slides.length > 0 && (
          // Announced when moved by hand; silent while playing so it does not chatter.
          <p aria-live={playing ? 'off' : 'polite'} className="text-sm text-slate-200">
            {position}
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <button
          type="button"
          className={`inline-flex p-3 ${controlButton}`}
          aria-label={t('slideshow.favorite', 'Favourite')}
          title={t('slideshow.favorite', 'Favourite')}
          aria-pressed={isFavorite}
          onClick={() => favorites.toggle(slideshow.id)}
        >
          <Heart aria-hidden="true" className={`size-5 ${isFavorite ? 'fill-red-500 text-red-500' : ''}`} />
        </button>
        {canFullscreen && (
          <button
            type="button"
            className={`hidden p-3 md:inline-flex ${controlButton}`}
            aria-label={
              isFullscreen
                ? t('slideshow.exit_fullscreen', 'Exit fullscreen')
                : t('slideshow.fullscreen', 'Fullscreen')
            }
            title={
              isFullscreen
                ? t('slideshow.exit_fullscreen', 'Exit fullscreen')
                : t('slideshow.fullscreen', 'Fullscreen')
            }
            onClick={onToggleFullscreen}
          >
            {isFullscreen ? (
              <Minimize aria-hidden="true" className="size-5" />
            ) : (
              <Maximize aria-hidden="true" className="size-5" />
            )}
          </button>
        )}
        <Link
          to="/"
          className={`inline-flex p-3 ${controlButton}`}
          aria-label={t('slideshow.close', 'Close slideshow')}
          title={t('slideshow.close', 'Close slideshow')}
        >
          <X aria-hidden="true" className="size-5" />
        </Link>
      </div>
    </div>
  );
}
