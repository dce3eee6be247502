import type { Db } from './database.ts';

/** Keys read by one statement at most: a crowd's reads of one turn go as a few statements. */
const MAX_KEYS = 500;

/**
 * A read by key whose reads asked in the same turn of the event loop go to the database as one
 * statement (`load` of every key asked), as the content's version is read (data-versions.ts): the
 * media pages a crowd asks for at once cost one round trip to the database, not one each (on
 * PGlite, whose one thread runs one statement at a time, that is most of a page's cost). Nothing
 * is kept: a read is sent after every request that shares it began, and a request arriving once
 * it is sent waits for the next one, so it never sees anything older than its own arrival.
 */
export function readInOneTurn<K, V>(load: (db: Db, keys: K[]) => Promise<Map<K, V>>) {
  const pending = new WeakMap<Db, { keys: Set<K>; read: Promise<Map<K, V>> }>();
  return (db: Db, key: K): Promise<V | undefined> => {
    let batch = pending.get(db);
    if (!batch || batch.keys.size >= MAX_KEYS) {
      const keys = new Set<K>();
      const read = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        // Sent now: a request asking from here on waits for a read of its own.
        if (pending.get(db)?.keys === keys) pending.delete(db);
        return load(db, [...keys]);
      });
      batch = { keys, read };
      pending.set(db, batch);
    }
    batch.keys.add(key);
    return batch.read.then((found) => found.get(key));
  };
}
