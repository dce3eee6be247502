import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'archive_scroll_positions';
const KEEP = 50;
/** How long Back waits for a page to grow tall enough to return to where the visitor was. */
const RESTORE_FOR_MS = 1_500;

/** Scroll position per history entry, kept for the tab's life (sessionStorage) across reloads. */
const positions = new Map<string, number>();
try {
  for (const [key, y] of Object.entries(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}'))) {
    if (typeof y === 'number') positions.set(key, y);
  }
} catch {
  // nothing stored, or storage blocked
}

function persist() {
  const recent = [...positions].slice(-KEEP);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(recent)));
  } catch {
    // storage full or blocked: Back after a reload simply starts at the top
  }
}

/**
 * Scroll like a website: a new page starts at the top; Back and Forward return to where the
 * visitor was. Changing only the query (gallery filters, the open image) keeps the position.
 */
export function useScrollRestoration() {
  const { key, pathname } = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', persist);
    return () => window.removeEventListener('pagehide', persist);
  }, []);

  // Remember this entry's position as the visitor scrolls (the next page may be shorter, so the
  // position can't be read afterwards). Back returns there, waiting briefly for the page to grow
  // (its items may still be loading) and giving up as soon as the visitor scrolls themselves.
  useLayoutEffect(() => {
    const target = navigationType === 'POP' ? positions.get(key) : undefined;
    let restoring = target !== undefined;
    const deadline = performance.now() + RESTORE_FOR_MS;
    let frame = 0;
    const restore = () => {
      if (!restoring || target === undefined) return;
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) < 2 || performance.now() > deadline) restoring = false;
      else frame = requestAnimationFrame(restore);
    };
    restore();
    const stopRestoring = () => {
      restoring = false;
    };
    const onScroll = () => {
      if (restoring) return;
      positions.delete(key);
      positions.set(key, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) {
      window.addEventListener(type, stopRestoring, { passive: true });
    }
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      for (const type of ['wheel', 'touchstart', 'keydown'] as const) {
        window.removeEventListener(type, stopRestoring);
      }
    };
  }, [key, navigationType]);

  // A new page starts at the top; a new query on the same page keeps its place.
  const shownPath = useRef(pathname);
  useLayoutEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
