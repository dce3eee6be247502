import { useCallback, useRef, useState } from 'react';

/**
 * The content-box size of an element, kept current with a ResizeObserver (null until measured).
 * Returns a callback ref, so it follows the element when it is replaced.
 */
export function useFittedSize<T extends HTMLElement>() {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    const measure = (width: number, height: number) =>
      setSize((old) => (old && old.width === width && old.height === height ? old : { width, height }));
    observer.current = new ResizeObserver(([entry]) => {
      if (entry) measure(entry.contentRect.width, entry.contentRect.height);
    });
    observer.current.observe(element);
  }, []);
  return { ref, size };
}
