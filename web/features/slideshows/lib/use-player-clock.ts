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
  const state = useSyncExternalStore(clock.subscribe, clock.getState);
  return [state, clock.dispatch];
}
