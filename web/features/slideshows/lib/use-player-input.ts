import { type RefObject, useEffect, useState } from 'react';
import type { PlayerAction } from './player-clock.ts';

/** Keys that belong to the focused control rather than to the player. */
function isInteractive(target: EventTarget | null) {
  return (
    target instanceof Element &&
    target.closest('button, a, input, select, textarea, [role="button"]') !== null
  );
}

export function useFullscreen() {
  const [isFullscreen, setIsFullscreen] = useState(false);
  useEffect(() => {
    const update = () => setIsFullscreen(Boolean(document.fullscreenElement));
    update();
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  return isFullscreen;
}

export function exitFullscreen() {
  if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
}

/**
 * The player's keys and pointer (the player's own element is `rootRef`): the arrows, Space and
 * Escape, and any click, move or touch that brings the controls back.
 */
export function usePlayerInput(
  rootRef: RefObject<HTMLElement | null>,
  dispatch: (action: PlayerAction) => void,
) {
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
  }, [dispatch, rootRef]);

  // Leaving the player leaves full screen too.
  useEffect(() => exitFullscreen, []);
}
