import { EventEmitter } from 'node:events';
import type { KnowledgeEvent } from '#common/api/knowledge.ts';
import { onOtherInstances, tellOtherInstances } from '#server/db/instance-events.ts';

/**
 * Contributions sent and reviewed, for the review screen's live updates, as submissions have them
 * (features/submissions/submission-events.ts): published after the change's transaction commits,
 * in this process at once and to other instances on one PostgreSQL through NOTIFY.
 */
const bus = new EventEmitter();
bus.setMaxListeners(0);
onOtherInstances('knowledge', (payload) => bus.emit('event', JSON.parse(payload) as KnowledgeEvent));

export function publishKnowledgeEvent(event: KnowledgeEvent): void {
  bus.emit('event', event);
  tellOtherInstances('knowledge', JSON.stringify(event));
}

export function onKnowledgeEvent(listener: (event: KnowledgeEvent) => void): () => void {
  bus.on('event', listener);
  return () => bus.off('event', listener);
}
