import { onInstanceEventsGap, onOtherInstances, tellOtherInstances } from '#server/db/instance-events.ts';

/**
 * A short in-process memory of answers that are the same for every visitor (the public gallery's
 * pages, the anonymous home page): kept `PAGE_CACHE_MS` (default 2 s; 0, i.e. off, under vitest
 * unless set) and dropped at once by any successful write through the API in this process
 * (app.ts calls noteWrite) in this instance or, through NOTIFY, in another on the same PostgreSQL
 * (server/db/instance-events.ts; everything is dropped when this instance's listening connection
 * comes back after a drop), so the next request never redoes the work the previous one did.
 * Changes made outside the API (background jobs) are seen after at most that time.
 */
let generation = 0;
const dropAll = () => {
  generation += 1;
};
onOtherInstances('write', dropAll);
// The other instances' writes while this one was not listening were not heard: dropped all the same.
onInstanceEventsGap(dropAll);

export function noteWrite() {
  dropAll();
  tellOtherInstances('write');
}

const MAX_ENTRIES = 500;

export type AnswerCache<T> = ReturnType<typeof createAnswerCache<T>>;

/** `maxEntries`: the most answers held at once; past it the oldest is let go. */
export function createAnswerCache<T>({ maxEntries = MAX_ENTRIES }: { maxEntries?: number } = {}) {
  const ttl = Number(process.env.PAGE_CACHE_MS ?? (process.env.VITEST ? 0 : 2000));
  const entries = new Map<string, { value: Promise<T>; generation: number; expires: number }>();
  return {
    enabled: ttl > 0,
    /** How many answers are held now. */
    get size() {
      return entries.size;
    },
    /** Whether a fresh answer is kept for `key` (asking for it would not make one). */
    fresh(key: string): boolean {
      const hit = entries.get(key);
      return hit !== undefined && hit.generation === generation && hit.expires > Date.now();
    },
    /** The kept answer for `key`, or `make()`'s (shared by concurrent requests for the same key). */
    get<R extends T>(key: string, make: () => Promise<R>): Promise<R> {
      if (ttl <= 0) return make();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.generation === generation && hit.expires > now) return hit.value as Promise<R>;
      // Entries are kept in the order they were made, so the expired ones are the first: an answer
      // is held no longer than it may be given, whatever the visitors ask for next.
      for (const [oldKey, old] of entries) {
        if (old.expires > now && old.generation === generation) break;
        entries.delete(oldKey);
      }
      for (const oldKey of entries.keys()) {
        if (entries.size < maxEntries) break;
        entries.delete(oldKey);
      }
      const value = make();
      const entry = { value, generation, expires: now + ttl };
      entries.delete(key);
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
  };
}
