import { useCallback, useMemo, useRef } from 'react';
import { useT } from '#web/app/i18n.tsx';
import { useFullscreenEnabled } from '#web/lib/fullscreen.ts';
import type { Slideshow } from '../api/get-slideshow.ts';
import { slideDurationMs } from '../lib/player-clock.ts';
import { usePlayerClock } from '../lib/use-player-clock.ts';
import { exitFullscreen, useFullscreen, usePlayerInput } from '../lib/use-player-input.ts';
import { PlayerBottomBar } from './player-bottom-bar.tsx';
import { PlayerTopBar } from './player-top-bar.tsx';
import { SlideView } from './slide-view.tsx';

/**
 * The full-screen slideshow player (public-site.md §2, §4): a black layer over the whole
 * viewport with the slide, and overlay controls that hide 3 s after a click and come back on any
 * interaction. Timing lives in ../lib/player-clock.ts, keys and pointer in ../lib/use-player-input.ts.
 */
export function SlideshowPlayer({ slideshow }: { slideshow: Slideshow }) {
  const t = useT();
  const { slides } = slideshow;
  const durations = useMemo(() => slides.map((s) => slideDurationMs(s.duration)), [slides]);
  const [state, dispatch] = usePlayerClock(durations);
  const rootRef = useRef<HTMLElement>(null);
  const isFullscreen = useFullscreen();
  const canFullscreen = useFullscreenEnabled();

  const slide = slides[state.index];
  const hidden = !state.overlayVisible;

  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement) exitFullscreen();
    else rootRef.current?.requestFullscreen().catch(() => {});
  }, []);

  usePlayerInput(rootRef, dispatch);

  const overlayClass = `transition-opacity duration-300 motion-reduce:transition-none ${
    hidden ? 'pointer-events-none opacity-0' : 'opacity-100'
  }`;
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

        <PlayerTopBar
          slideshow={slideshow}
          position={position}
          playing={state.playing}
          overlayClass={overlayClass}
          isFullscreen={isFullscreen}
          canFullscreen={canFullscreen}
          onToggleFullscreen={toggleFullscreen}
        />
      </div>
      <PlayerBottomBar slides={slides} state={state} dispatch={dispatch} overlayClass={overlayClass} />
    </section>
  );
}
