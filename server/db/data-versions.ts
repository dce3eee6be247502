import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * Answers that are the same for every visitor who may see them (the site's settings and texts, the
 * public counts, categories, latest document and slideshow, the featured strip, the gallery's pages
 * without a search) are made once and given to every request until the public content's version
 * moves: a row the database bumps at the commit of any change to the tables they read (migration
 * 20261127_0031, VERSIONED_TABLES), whoever makes it: the API, a background job, a script, another
 * instance. So a signed-in visitor's home page, or any with the page cache off, asks the database
 * one small question instead of eight (issue 31 §2), and is never older than the last commit.
 *
 * A request reads the version itself, after it began: requests that arrive in the same turn of the
 * event loop share one read (the answers of one page, a burst of visitors), and a read once sent is
 * never shared with a request that arrives later, so a visitor who just saved something sees it.
 * `SHARED_ANSWERS=0` (read when a database is first used), or keepSharedAnswers(db, false), turns
 * the keeping off: every answer made anew, what the api bench compares with.
 */
/**
 * Answers kept at most, per pool. A search's answers (a gallery page or timeline for the visitor's
 * own words, an item's page) are as many as there are searches and items: a pool of their own, so
 * a crowd of them never pushes out the home page's few answers, which every visitor asks for. The
 * rows a stored file is served from (~1 KB each; a gallery page brings twelve thumbnails) have theirs.
 */
const MAX_KEPT = { home: 200, searches: 100, items: 300, files: 2000 } as const;
export type SharedPool = keyof typeof MAX_KEPT;

interface Kept {
  version: string;
  value: Promise<unknown>;
}

interface PerDatabase {
  enabled: boolean;
  kept: Record<SharedPool, Map<string, Kept>>;
  /** The read that requests arriving now will share, until it is sent. */
  next: Promise<string> | null;
}

const databases = new WeakMap<Db, PerDatabase>();

function stateOf(db: Db): PerDatabase {
  let state = databases.get(db);
  if (!state) {
    state = {
      enabled: process.env.SHARED_ANSWERS !== '0',
      kept: { home: new Map(), searches: new Map(), items: new Map(), files: new Map() },
      next: null,
    };
    databases.set(db, state);
  }
  return state;
}

/** The public content's version, read once for every request that arrives in this turn. */
export function currentDataVersion(db: Db): Promise<string> {
  const state = stateOf(db);
  state.next ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
    // Sent now: a request arriving from here on waits for a read of its own.
    state.next = null;
    return readDataVersion(db);
  });
  return state.next;
}

async function readDataVersion(db: Db): Promise<string> {
  const row = await db
    .selectFrom('data_versions')
    .select('version')
    .where('name', '=', 'public')
    .executeTakeFirstOrThrow();
  return String(row.version);
}

/** Whether answers made for `db` are kept (the api bench measures both). */
export function keepSharedAnswers(db: Db, enabled: boolean): void {
  const state = stateOf(db);
  state.enabled = enabled;
  for (const kept of Object.values(state.kept)) kept.clear();
}

/**
 * `make()`'s answer under `key`, made again only when the public content has changed since it was
 * made. `make` must give the same answer to every visitor who asks with this key (no actor in it),
 * and read only VERSIONED_TABLES (data-versions.test.ts checks the answers that use this). `pool`
 * is where it is kept (MAX_KEPT): the home page's answers, or one of the many of their kind.
 */
export async function sharedAnswer<T>(
  db: Db,
  key: string,
  make: () => Promise<T>,
  pool: SharedPool = 'home',
): Promise<T> {
  const state = stateOf(db);
  if (!state.enabled) return make();
  const kept = state.kept[pool];
  const version = await currentDataVersion(db);
  const hit = kept.get(key);
  if (hit && hit.version === version) return hit.value as Promise<T>;
  const value = make();
  const entry = { version, value };
  kept.delete(key);
  if (kept.size >= MAX_KEPT[pool]) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
  kept.set(key, entry);
  value.catch(() => {
    if (kept.get(key) === entry) kept.delete(key);
  });
  return value;
}

/**
 * Moves the public content's version by hand: for a change its triggers let pass on purpose (the
 * view counts, migration 0044), so that kept answers show it now.
 */
export async function moveDataVersion(db: Db): Promise<void> {
  await sql`update data_versions set version = version + 1 where name = 'public'`.execute(db);
}
