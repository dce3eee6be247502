import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  createPlayerClock,
  initialPlayerState,
  type PlayerAction,
  type PlayerState,
} from './player-clock.ts';

/**
 * The player's state and its dispatch, driven by a clock made once per mount of the player
 * (mount the player under a `key` of the slideshow id so another slideshow gets a new clock).
 */
export function usePlayerClock(
  durationsMs: readonly number[],
): [PlayerState, (action: PlayerAction) => void] {
  const [clock] = useState(() => createPlayerClock(initialPlayerState(durationsMs)));
  useEffect(() => {
    clock.start();
    return () => clock.stop();
  }, [clock]);
  // The clock only runs once mounted (above): on the server and in the first render over its HTML
  // the state is the first slide's, as it is here.
  const state = useSyncExternalStore(clock.subscribe, clock.getState, clock.getState);
  return [state, clock.dispatch];
}
