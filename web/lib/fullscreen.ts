import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * Whether this browser lets the page go full screen. False on the server and in the browser's
 * first render over the server's HTML (a full-screen button needs the page's script anyway), then
 * the browser's answer.
 */
export function useFullscreenEnabled(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => document.fullscreenEnabled !== false,
    () => false,
  );
}
