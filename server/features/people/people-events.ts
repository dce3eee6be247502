import { EventEmitter } from 'node:events';
import type { SuggestionEvent } from '#common/api/people.ts';
import { onOtherInstances, tellOtherInstances } from '#server/db/instance-events.ts';

/**
 * Visitors' name suggestions sent and reviewed, for the review screen's live updates, as submissions have them
 * (features/submissions/submission-events.ts): published after the change's transaction commits,
 * in this process at once and to other instances on one PostgreSQL through NOTIFY.
 */
const bus = new EventEmitter();
bus.setMaxListeners(0);
onOtherInstances('people', (payload) => bus.emit('event', JSON.parse(payload) as SuggestionEvent));

export function publishSuggestionEvent(event: SuggestionEvent): void {
  bus.emit('event', event);
  tellOtherInstances('people', JSON.stringify(event));
}

export function onSuggestionEvent(listener: (event: SuggestionEvent) => void): () => void {
  bus.on('event', listener);
  return () => bus.off('event', listener);
}
