import { createContext, useContext } from 'react';

/**
 * The API answers the server embedded in the page (server/web/boot-data.ts), so the first screen
 * draws on its first render without waiting for the network, in the browser and in the server's
 * own rendering of the page (web/entry-server.tsx) alike. Each answer is used once, as the
 * initial data of the query that asks for that path first; later requests go to the server.
 */
export interface BootData {
  /** The embedded answer for a GET of `path`, handed out once; undefined when there is none. */
  take<T = unknown>(path: string): T | undefined;
}

/** The same path whatever the order of its query parameters. */
function keyOf(path: string): string {
  const url = new URL(path, 'http://archive.invalid');
  url.searchParams.sort();
  return `${url.pathname}?${url.searchParams}`;
}

/** A store of answers by path (one per page load in the browser, one per request on the server). */
export function bootDataOf(data: Record<string, unknown>): BootData {
  const answers = new Map<string, unknown>();
  for (const [path, body] of Object.entries(data)) answers.set(keyOf(path), body);
  return {
    take<T>(path: string) {
      const key = keyOf(path);
      if (!answers.has(key)) return undefined;
      const body = answers.get(key) as T;
      answers.delete(key);
      return body;
    },
  };
}

/** Reads the answers embedded in the page once, at start, and removes their block. */
export function readBootData(elementId = 'boot-data'): BootData {
  const element = document.getElementById(elementId);
  let data: Record<string, unknown> = {};
  try {
    if (element?.textContent) data = JSON.parse(element.textContent) as Record<string, unknown>;
  } catch {
    // A damaged block only means the page asks the server itself.
  }
  element?.remove();
  return bootDataOf(data);
}

export const BootDataContext = createContext<BootData>(bootDataOf({}));

/** `take(path)` of the page's embedded answers, for a query's initialData. */
export function useBootData(): BootData['take'] {
  const store = useContext(BootDataContext);
  return store.take;
}
