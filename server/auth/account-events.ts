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
onOtherInstances('session-ended', (sessionId) => bus.emit('session-ended', sessionId));
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

/**
 * "This session ended" (signed out, or revoked by a password reset): published by the auth
 * library's session-delete hook (auth.ts), here and to the other instances. What was opened with
 * the session and is kept open (the live submission stream) ends with it.
 */
export function publishSessionEnded(sessionId: string): void {
  bus.emit('session-ended', sessionId);
  tellOtherInstances('session-ended', sessionId);
}

/** Calls `listener` when the session `sessionId` ends; returns the function that stops it. */
export function onSessionEnded(sessionId: string, listener: () => void): () => void {
  const filtered = (ended: string) => {
    if (ended === sessionId) listener();
  };
  bus.on('session-ended', filtered);
  bus.on('everyone', listener);
  return () => {
    bus.off('session-ended', filtered);
    bus.off('everyone', listener);
  };
}

/** What a change to accounts or sessions names: one session, one account, or every one. */
export type SessionsChange = { sessionId: string } | { userId: string } | 'everyone';

/**
 * Calls `listener` on every session that ends and every account that changes, here or on another
 * instance (what remembers sessions a moment drops them: http/session.ts); returns the function
 * that stops it.
 */
export function onSessionsChanged(listener: (change: SessionsChange) => void): () => void {
  const ended = (sessionId: string) => listener({ sessionId });
  const changed = (userId: string) => listener({ userId });
  const everyone = () => listener('everyone');
  bus.on('session-ended', ended);
  bus.on('changed', changed);
  bus.on('everyone', everyone);
  return () => {
    bus.off('session-ended', ended);
    bus.off('changed', changed);
    bus.off('everyone', everyone);
  };
}
