import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False on the server and in the browser's first render over the server's HTML; true once the
 * page's script runs it. A button that only works with the script (a form sent by fetch, an
 * upload) stays disabled until then, so an early click never sends the form natively instead.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
