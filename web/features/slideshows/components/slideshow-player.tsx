import {
  AudioLines,
  ChevronLeft,
  ChevronRight,
  Film,
  Heart,
  Maximize,
  Minimize,
  Pause,
  Play,
  X,
} from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '#web/app/i18n.tsx';
import { useFavorites } from '#web/lib/favorites.ts';
import type { Slideshow } from '../api/get-slideshow.ts';
import { progressPercent, slideDurationMs } from '../lib/player-clock.ts';
import { usePlayerClock } from '../lib/use-player-clock.ts';
import { SlideView } from './slide-view.tsx';
import { ThumbnailStrip } from './thumbnail-strip.tsx';
import { useFullscreenEnabled } from '#web/lib/fullscreen.ts';

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
// No display or padding here: the fullscreen button says `hidden`, the play button is larger.
const controlButton = `items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/25 ${focusRing}`;

/** Keys that belong to the focused control rather than to the player. */
function isInteractive(target: EventTarget | null) {
  return (
    target instanceof Element &&
    target.closest('button, a, input, select, textarea, [role="button"]') !== null
  );
}

function useFullscreen() {
  const [isFullscreen, setIsFullscreen] = useState(false);
  useEffect(() => {
    const update = () => setIsFullscreen(Boolean(document.fullscreenElement));
    update();
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  return isFullscreen;
}

function exitFullscreen() {
  if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
}

/**
 * The full-screen slideshow player (public-site.md §2, §4): a black layer over the whole
 * viewport with the slide, and overlay controls that hide 3 s after a click and come back on any
 * interaction. Timing lives in ../lib/player-clock.ts.
 */
export function SlideshowPlayer({ slideshow }: { slideshow: Slideshow }) {
  const t = useT();
  const { slides } = slideshow;
  const durations = useMemo(() => slides.map((s) => slideDurationMs(s.duration)), [slides]);
  const [state, dispatch] = usePlayerClock(durations);
  const favorites = useFavorites('slideshow_favorites');
  const isFavorite = favorites.has(slideshow.id);
  const rootRef = useRef<HTMLElement>(null);
  const isFullscreen = useFullscreen();
  const canFullscreen = useFullscreenEnabled();

  const slide = slides[state.index];
  const hidden = !state.overlayVisible;
  const percent = progressPercent(state);

  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement) exitFullscreen();
    else rootRef.current?.requestFullscreen().catch(() => {});
  }, []);

  // Keys work wherever focus is on the page; Space on a focused button presses that button.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      dispatch({ type: 'interact', kind: 'other' });
      if (event.key === 'ArrowLeft') {
        event.preventDefault();
        dispatch({ type: 'previous' });
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        dispatch({ type: 'next' });
      } else if (event.key === ' ' && !isInteractive(event.target)) {
        event.preventDefault();
        dispatch({ type: 'togglePlay' });
      } else if (event.key === 'Escape') {
        exitFullscreen();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch]);

  // Pointer activity only reveals the controls (every action has its own button or key), so it
  // is listened to here rather than made an interactive element's job.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const onClick = () => dispatch({ type: 'interact', kind: 'click' });
    const onOther = () => dispatch({ type: 'interact', kind: 'other' });
    root.addEventListener('click', onClick);
    root.addEventListener('mousemove', onOther);
    root.addEventListener('touchstart', onOther, { passive: true });
    return () => {
      root.removeEventListener('click', onClick);
      root.removeEventListener('mousemove', onOther);
      root.removeEventListener('touchstart', onOther);
    };
  }, [dispatch]);

  // Leaving the player leaves full screen too.
  useEffect(() => exitFullscreen, []);

  const overlayClass = `transition-opacity duration-300 motion-reduce:transition-none ${
    hidden ? 'pointer-events-none opacity-0' : 'opacity-100'
  }`;
  const playLabel = state.playing ? t('slideshow.pause', 'Pause') : t('slideshow.play', 'Play');
  const caption = slide ? slide.caption || slide.media.title : '';
  const position = t('slideshow.position', '{n} / {total}', { n: state.index + 1, total: slides.length });

  return (
    <section
      ref={rootRef}
      aria-roledescription={t('slideshow.carousel', 'slideshow')}
      aria-label={slideshow.title}
      data-overlay={hidden ? 'hidden' : 'visible'}
      className={`fixed inset-0 z-50 flex flex-col bg-black text-white ${hidden ? 'cursor-none' : ''}`}
    >
      <div className="relative flex min-h-0 flex-1 items-center justify-center">
        {slide ? (
          <figure
            aria-roledescription={t('slideshow.slide', 'slide')}
            aria-label={position}
            className="flex h-full w-full items-center justify-center"
          >
            <SlideView slide={slide} />
          </figure>
        ) : (
          <p className="text-lg text-slate-200">{t('slideshow.empty', 'This slideshow has no slides.')}</p>
        )}

        {/* Top bar: title, position, favourite, full screen, close. */}
        <div
          data-testid="slideshow-overlay"
          className={`absolute inset-x-0 top-0 flex items-start justify-between gap-4 bg-gradient-to-b from-black/80 to-transparent p-4 ${overlayClass}`}
        >
          <div className="min-w-0">
            <h1 className="truncate text-xl font-semibold sm:text-2xl">{slideshow.title}</h1>
            {slides.length > 0 && (
              // Announced when moved by hand; silent while playing so it does not chatter.
              <p aria-live={state.playing ? 'off' : 'polite'} className="text-sm text-slate-200">
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
              <Heart
                aria-hidden="true"
                className={`size-5 ${isFavorite ? 'fill-red-500 text-red-500' : ''}`}
              />
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
                onClick={toggleFullscreen}
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
      </div>

      {/* Bottom bar: caption, progress, controls, thumbnails. */}
      <div
        className={`absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/90 via-black/70 to-transparent px-4 pt-10 pb-3 ${overlayClass}`}
      >
        {slide && (
          <div className="mb-3 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-center">
            <p className="text-base sm:text-lg">{caption}</p>
            {(slide.media.mediaType === 'video' || slide.media.mediaType === 'audio') && (
              // A slide keeps its set time, so recordings are not played here: their page plays them.
              <Link
                to={`/media/${slide.media.id}`}
                className={`inline-flex items-center gap-1 rounded text-sm text-white underline ${focusRing}`}
              >
                {slide.media.mediaType === 'video' ? (
                  <Film aria-hidden="true" className="size-4" />
                ) : (
                  <AudioLines aria-hidden="true" className="size-4" />
                )}
                {slide.media.mediaType === 'video'
                  ? t('slideshow.open_video', 'Play the video')
                  : t('slideshow.open_audio', 'Play the recording')}
              </Link>
            )}
          </div>
        )}
        <div
          role="progressbar"
          aria-label={t('slideshow.progress', 'Slide progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
          className="mx-auto h-1.5 w-full max-w-5xl overflow-hidden rounded-full bg-white/25"
        >
          <div className="h-full bg-white" style={{ width: `${percent}%` }} />
        </div>
        <div className="mt-3 flex items-center justify-center gap-4">
          <button
            type="button"
            className={`inline-flex p-3 ${controlButton}`}
            aria-label={t('slideshow.previous', 'Previous slide')}
            title={t('slideshow.previous', 'Previous slide')}
            onClick={() => dispatch({ type: 'previous' })}
            disabled={slides.length === 0}
          >
            <ChevronLeft aria-hidden="true" className="size-6" />
          </button>
          <button
            type="button"
            className={`inline-flex p-4 ${controlButton}`}
            aria-label={playLabel}
            title={playLabel}
            onClick={() => dispatch({ type: 'togglePlay' })}
            disabled={slides.length === 0}
          >
            {state.playing ? (
              <Pause aria-hidden="true" className="size-7" />
            ) : (
              <Play aria-hidden="true" className="size-7" />
            )}
          </button>
          <button
            type="button"
            className={`inline-flex p-3 ${controlButton}`}
            aria-label={t('slideshow.next', 'Next slide')}
            title={t('slideshow.next', 'Next slide')}
            onClick={() => dispatch({ type: 'next' })}
            disabled={slides.length === 0}
          >
            <ChevronRight aria-hidden="true" className="size-6" />
          </button>
        </div>
        {slides.length > 1 && (
          <div className="mx-auto mt-2 max-w-5xl">
            <ThumbnailStrip
              slides={slides}
              current={state.index}
              onChoose={(index) => dispatch({ type: 'goTo', index })}
            />
          </div>
        )}
      </div>
    </section>
  );
}
