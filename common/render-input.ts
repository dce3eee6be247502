import type { Language } from './enums.ts';

/**
 * The server-rendering contract: what the server (server/web/render-pool.ts) hands the web app's
 * renderer (web/entry-server.tsx, `renderApp`) to draw a public page's HTML. It lives here so the
 * server needs nothing of web/ to speak to it.
 */
export interface RenderInput {
  /** The page's path and query, as the browser asked for it. */
  url: string;
  /**
   * The API answers embedded in the page (server/web/boot-data.ts), by path: as the JSON text the
   * page embeds (handed to this thread as one string, not an object copied field by field), or
   * as values.
   */
  answers: string | Record<string, unknown>;
  lang: Language;
  /** The time written on the page's root (data-rendered-at), which the browser draws with too. */
  renderedAt: number;
}
