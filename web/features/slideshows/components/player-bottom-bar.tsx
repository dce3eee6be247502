import { AudioLines, ChevronLeft, ChevronRight, Film, Pause, Play } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '#web/app/i18n.tsx';
import type { Slideshow } from '../api/get-slideshow.ts';
import { type PlayerAction, type PlayerState, progressPercent } from '../lib/player-clock.ts';
import { controlButton, focusRing } from './player-buttons.ts';
import { ThumbnailStrip } from './thumbnail-strip.tsx';

/** The player's bottom bar: caption, progress, controls, thumbnails. */
export function PlayerBottomBar({
  slides,
  state,
  dispatch,
  overlayClass,
}: {
  slides: Slideshow['slides'];
  state: PlayerState;
  dispatch: (action: PlayerAction) => void;
  overlayClass: string;
}) {
  const t = useT();
  const slide = slides[state.index];
  const percent = progressPercent(state);
  const playLabel = state.playing ? t('slideshow.pause', 'Pause') : t('slideshow.play', 'Play');
  const caption = slide ? slide.caption || slide.media.title : '';
  return (
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
  );
}
