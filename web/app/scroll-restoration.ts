import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'archive_scroll_positions';
const KEEP = 50;

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

  // Remember this entry's position as the visitor scrolls (the new page may be shorter, so the
  // position can't be read afterwards).
  useLayoutEffect(() => {
    if (navigationType === 'POP') {
      const y = positions.get(key);
      if (y !== undefined) window.scrollTo(0, y);
    }
    const onScroll = () => {
      positions.delete(key);
      positions.set(key, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [key, navigationType]);

  // A new page (not a new query on the same page) starts at the top.
  useLayoutEffect(() => {
    if (navigationType !== 'POP' && pathname) window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
