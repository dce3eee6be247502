import { useEffect, useRef } from 'react';

/**
 * Keys (while open): Left/Right move to the previous/next item and stop at the ends, I toggles the
 * info panel; not while typing in a field, nor while a zoomed image wider than the stage has the
 * focus (the arrows scroll it then).
 */
export function useLightboxKeys(
  prev: number | null,
  next: number | null,
  onIndexChange: (index: number) => void,
  toggleInfo: () => void,
) {
  // The latest handlers for the key listener, which is attached once.
  const keys = useRef({ prev, next, onIndexChange, toggleInfo });
  keys.current = { prev, next, onIndexChange, toggleInfo };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const { prev, next, onIndexChange, toggleInfo } = keys.current;
      const stage = target?.closest<HTMLElement>('[data-lightbox-stage]');
      const sideways = event.key === 'ArrowLeft' || event.key === 'ArrowRight';
      // A zoomed image wider than the stage scrolls sideways with the arrows while it has focus.
      if (sideways && stage && stage.scrollWidth > stage.clientWidth) return;
      if (event.key === 'ArrowLeft' && prev !== null) {
        event.preventDefault();
        onIndexChange(prev);
      } else if (event.key === 'ArrowRight' && next !== null) {
        event.preventDefault();
        onIndexChange(next);
      } else if (event.key === 'i' || event.key === 'I') {
        event.preventDefault();
        toggleInfo();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
