import type { EventLoopUtilityFunction } from 'node:perf_hooks';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { acquireDirectoryLock } from './lock.ts';
import { newPostgresDb } from './postgres-pool.ts';
import { pgliteSettings } from './pglite-options.ts';
import { PgliteThread, PgliteThreadDialect } from './pglite-thread.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball (tests copy a migrated template). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PostgreSQL only: holds the session advisory lock (key1, key2) on a connection of its own for
   * as long as this process lives (or until released), so other processes can tell it is alive.
   * Null when another session holds it. `onLost` is called if the connection drops (the lock
   * went with it).
   */
  holdAdvisoryLock?(
    key1: number,
    key2: number,
    onLost: (error: Error) => void,
  ): Promise<(() => Promise<void>) | null>;
  /**
   * PGlite only: how busy the database's thread is (node's eventLoopUtilization, of that thread),
   * which background work waits on as on the event loop's (server/jobs/visitors-first.ts).
   */
  eventLoopUtilization?: EventLoopUtilityFunction;
}

// Postgres returns bigint (int8) as text; our bigints (file sizes, counts) fit a JS number.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

/** PGlite in `dataDir` on a thread of its own, locked against a second process. */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  mkdirSync(dataDir, { recursive: true });
  const release = acquireDirectoryLock(join(dataDir, '..', 'db.lock'));
  try {
    return wrapPglite(await PgliteThread.start({ dataDir, settings: pgliteSettings() }), release);
  } catch (error) {
    release();
    throw error;
  }
}

/** PGlite in memory, optionally from a dumped data directory (tests copy one migrated template). */
export async function openPgliteInMemory(loadDataDir?: Blob): Promise<DatabaseHandle> {
  return wrapPglite(await PgliteThread.start({ loadDataDir, settings: pgliteSettings() }), () => {});
}

function wrapPglite(thread: PgliteThread, release: () => void): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new PgliteThreadDialect(thread) });
  return {
    db,
    engine: 'pglite',
    dumpDataDir: () => thread.dumpDataDir(),
    eventLoopUtilization: thread.eventLoopUtilization,
    async close() {
      await db.destroy();
      await thread.close();
      release();
    },
  };
}

export async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const db = newPostgresDb(connectionString, 10);
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy();
    throw new Error(
      `Cannot reach the database at DATABASE_URL: ${(error as Error).message || String(error)}`,
    );
  }
  const holdAdvisoryLock = async (key1: number, key2: number, onLost: (error: Error) => void) => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    let released = false;
    // A dropped connection must not crash the process; the lock is gone with it.
    const lost = (error: Error) => {
      if (released) return;
      released = true;
      onLost(error);
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('the connection ended')));
    await client.connect();
    const { rows } = await client.query<{ held: boolean }>('select pg_try_advisory_lock($1, $2) as held', [
      key1,
      key2,
    ]);
    const release = async () => {
      released = true;
      await client.end().catch(() => {});
    };
    if (!rows[0]?.held) {
      await release();
      return null;
    }
    return release;
  };
  postgresUrls.set(db, connectionString);
  return { db, engine: 'postgres', close: () => db.destroy(), holdAdvisoryLock };
}

const postgresUrls = new WeakMap<Db, string>();

/** The PostgreSQL a database object talks to (for a thread that opens its own connection); none for PGlite. */
export const postgresUrlOf = (db: Db): string | undefined => postgresUrls.get(db);

/** Postgres returns int8 counts as numbers thanks to the type parser above; PGlite as bigint. */
export function toNumber(value: unknown): number {
  return typeof value === 'bigint' ? Number(value) : Number(value ?? 0);
}

/** The smallest question the database must answer (the health check). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
