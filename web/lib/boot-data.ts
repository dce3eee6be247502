import { createContext, useContext } from 'react';
import { FORM_REPLY_KEY, type FormReply } from '#common/form-reply.ts';
import { ApiRequestError } from './api-fetch.ts';

/**
 * The API answers the server embedded in the page (server/web/boot-data.ts), so the first screen
 * draws on its first render without waiting for the network, in the browser and in the server's
 * own rendering of the page (web/entry-server.tsx) alike. Each answer is used once, as the
 * initial data of the query that asks for that path first; later requests go to the server.
 */
export interface BootData {
  /** The embedded answer for a GET of `path`, handed out once; undefined when there is none. */
  take<T = unknown>(path: string): T | undefined;
  /** The status the server was refused with for `path` (an item's page: 404, 400), if it was. */
  refused(path: string): number | undefined;
  /**
   * The server's answer to a form sent to this page before its script ran (common/form-reply.ts),
   * until `forgetFormReply()`: the page's first form reads it, and a later visit draws afresh.
   */
  formReply(): FormReply | undefined;
  forgetFormReply(): void;
}

/** How the server embeds a refused answer: `"refused <path>": status` (server/web/boot-data.ts). */
const REFUSED = 'refused ';

/** The same path whatever the order of its query parameters. */
function keyOf(path: string): string {
  const url = new URL(path, 'http://archive.invalid');
  url.searchParams.sort();
  return `${url.pathname}?${url.searchParams}`;
}

/** A store of answers by path (one per page load in the browser, one per request on the server). */
export function bootDataOf(data: Record<string, unknown>): BootData {
  const answers = new Map<string, unknown>();
  const refusals = new Map<string, number>();
  let formReply: FormReply | undefined;
  for (const [path, body] of Object.entries(data)) {
    if (path === FORM_REPLY_KEY) formReply = body as FormReply;
    else if (path.startsWith(REFUSED)) refusals.set(keyOf(path.slice(REFUSED.length)), Number(body));
    else answers.set(keyOf(path), body);
  }
  return {
    // Not handed out once: the page shows the same until the browser's own answer comes.
    refused: (path) => refusals.get(keyOf(path)),
    formReply: () => formReply,
    forgetFormReply() {
      formReply = undefined;
    },
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

/**
 * Whether the item a page asks for at `path` is missing (unknown, not public or a malformed id):
 * the API said so, or, until the browser's own request is answered, the server was told so when
 * it drew the page, which then showed the page's not-found screen, as the browser's first render
 * must too.
 */
export function useMissingItem(path: string, query: { error: unknown; isPending: boolean }): boolean {
  const store = useContext(BootDataContext);
  const status =
    query.error instanceof ApiRequestError
      ? query.error.status
      : query.isPending
        ? store.refused(path)
        : undefined;
  return status === 404 || status === 400;
}
