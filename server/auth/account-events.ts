import { EventEmitter } from 'node:events';

/**
 * "This account's rights changed": published after the commit that deactivates or deletes an
 * account or changes its role. What a request checked once and then keeps open for long (the
 * live submission stream) ends on it; the client reconnects and is checked afresh.
 *
 * In-process only, like the submission events (one instance; issue 13 part 7).
 */
const bus = new EventEmitter();
bus.setMaxListeners(0);

export function publishAccountChanged(userId: string): void {
  bus.emit('changed', userId);
}

/** Calls `listener` when `userId`'s account changes; returns the function that stops it. */
export function onAccountChanged(userId: string, listener: () => void): () => void {
  const filtered = (changed: string) => {
    if (changed === userId) listener();
  };
  bus.on('changed', filtered);
  return () => bus.off('changed', filtered);
}
