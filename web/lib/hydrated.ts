import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False on the server and in the browser's first render over the server's HTML; true once the
 * page's script runs it. Not a reason to disable a control until then (DESIGN.md §4 item 9): a
 * form the server draws is sent by the browser itself before the script arrives; what works only
 * with the script is drawn as something that works without it (a link) until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
