import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { SubmissionEvent } from '#common/api/submissions.ts';
import { onAccountChanged, onSessionEnded } from '#server/auth/account-events.ts';
import { onOtherInstances, tellOtherInstances } from '#server/db/instance-events.ts';

/**
 * Submission changes (created, reviewed, deleted) for the review screen's live updates (spec §7:
 * the 'admin-submissions' channel). Published after the change's transaction commits.
 *
 * Delivered in this process at once and, with several instances on one PostgreSQL, to the streams
 * the others hold through NOTIFY (server/db/instance-events.ts; DESIGN.md §6, issue 13 part 7).
 */
const bus = new EventEmitter();
bus.setMaxListeners(0);
onOtherInstances('submission', (payload) => bus.emit('event', JSON.parse(payload) as SubmissionEvent));

export function publishSubmissionEvent(event: SubmissionEvent): void {
  bus.emit('event', event);
  tellOtherInstances('submission', JSON.stringify(event));
}

export function onSubmissionEvent(listener: (event: SubmissionEvent) => void): () => void {
  bus.on('event', listener);
  return () => bus.off('event', listener);
}

/** A comment line every 25 s keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;

/**
 * Sends the events to one open response as server-sent events until the client goes away, the
 * server shuts down (the functions in `open`), the reader's account changes (deactivated,
 * deleted, another role) or the session it was opened with ends (signed out, password reset): the
 * browser then reconnects and the route checks it again. Returns the function that ends it.
 */
export function streamSubmissionEvents(
  res: ServerResponse,
  open: Set<() => void>,
  reader: { readerId: string; sessionId: string },
): () => void {
  return streamEvents(res, open, reader, onSubmissionEvent);
}

/**
 * The same for any staff screen's bus (the knowledge review's, issue 29): `subscribe` adds a
 * listener and returns the function that removes it.
 */
export function streamEvents<E>(
  res: ServerResponse,
  open: Set<() => void>,
  reader: { readerId: string; sessionId: string },
  subscribe: (listener: (event: E) => void) => () => void,
): () => void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // Proxies (nginx) must pass each event on at once, not buffer the stream.
    'x-accel-buffering': 'no',
  });
  // Tells the browser how long to wait before reconnecting, and flushes the headers at once.
  res.write('retry: 3000\n\n');
  const unsubscribe = subscribe((event) => {
    res.write(`data: ${JSON.stringify(event)}\n\n`);
  });
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    stopWatchingReader();
    stopWatchingSession();
    open.delete(end);
    if (!res.writableEnded) res.end();
  };
  const stopWatchingReader = onAccountChanged(reader.readerId, end);
  const stopWatchingSession = onSessionEnded(reader.sessionId, end);
  open.add(end);
  res.on('close', end);
  res.on('error', end);
  return end;
}
