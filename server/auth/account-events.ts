import { EventEmitter } from 'node:events';
import { onInstanceEventsGap, onOtherInstances, tellOtherInstances } from '#server/db/instance-events.ts';

/**
 * "This account's rights changed": published after the commit that deactivates or deletes an
 * account or changes its role. What a request checked once and then keeps open for long (the
 * live submission stream) ends on it; the client reconnects and is checked afresh.
 *
 * Delivered in this process at once and to the other instances on the same PostgreSQL through
 * NOTIFY (server/db/instance-events.ts), so a stream held by another instance ends too. When this
 * instance's listening connection comes back after a drop, a change may have been missed: every
 * account is taken as changed.
 */
const bus = new EventEmitter();
bus.setMaxListeners(0);
onOtherInstances('account-changed', (userId) => bus.emit('changed', userId));
onInstanceEventsGap(() => bus.emit('everyone'));

export function publishAccountChanged(userId: string): void {
  bus.emit('changed', userId);
  tellOtherInstances('account-changed', userId);
}

/** Calls `listener` when `userId`'s account changes; returns the function that stops it. */
export function onAccountChanged(userId: string, listener: () => void): () => void {
  const filtered = (changed: string) => {
    if (changed === userId) listener();
  };
  bus.on('changed', filtered);
  bus.on('everyone', listener);
  return () => {
    bus.off('changed', filtered);
    bus.off('everyone', listener);
  };
}
