import { useCallback, useSyncExternalStore } from 'react';

/** The browser keys of the favourite lists (public-site.md §3, browser-only data). */
export type FavoritesKey = 'gallery_favorites' | 'slideshow_favorites' | 'admin_favorites';

const listeners = new Set<() => void>();

function read(key: FavoritesKey): string {
  try {
    return localStorage.getItem(key) ?? '[]';
  } catch {
    return '[]'; // storage blocked: favourites simply do not persist
  }
}

function parse(raw: string): string[] {
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const NONE = () => '[]';

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changing the list updates this one too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** A favourites list kept in localStorage under `key`, shared live by every component using it. */
export function useFavorites(key: FavoritesKey) {
  // The raw string is the snapshot, so React compares it by value and re-renders only on change.
  // The server (and the browser's first render over its HTML) draws no favourites: they live in
  // this browser only, and are read once the page is running.
  const raw = useSyncExternalStore(subscribe, () => read(key), NONE);
  const ids = parse(raw);
  const toggle = useCallback(
    (id: string) => {
      const current = parse(read(key));
      const next = current.includes(id) ? current.filter((v) => v !== id) : [...current, id];
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // storage full or blocked: nothing to keep
      }
      for (const listener of listeners) listener();
    },
    [key],
  );
  return { ids, has: (id: string) => ids.includes(id), toggle };
}
