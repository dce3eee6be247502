import { createContext, useContext } from 'react';

/**
 * When the page was rendered (ms since the epoch): the server's clock, written on the page's root
 * (data-rendered-at) and read back by the browser, so a text drawn from the date (the footer's
 * year) is the same in the server's HTML and in the browser's first render.
 */
export const RenderTimeContext = createContext<number>(0);

export function useRenderTime(): number {
  return useContext(RenderTimeContext);
}
