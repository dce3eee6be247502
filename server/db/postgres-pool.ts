import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

/**
 * A pool of connections to PostgreSQL as the server opens them (database.ts), and the harvest's own
 * thread too (features/oai/oai-thread.ts).
 */
export function newPostgresPool(connectionString: string, max: number, applicationName?: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    // What pg_stat_activity shows the connections as (the server's own: none).
    ...(applicationName ? { application_name: applicationName } : {}),
    connectionTimeoutMillis: 5_000,
    // No just-in-time compilation: PostgreSQL turns it on for any statement it prices above
    // jit_above_cost, and compiling took ~390 ms of a statement that runs in 2 (the job queue's
    // requeue while the import's queue was long). The archive's statements are short; none gains.
    options: '-c jit=off',
  });
  // An idle connection that the server drops (restart, failover) must not crash the process:
  // the pool replaces it on the next query.
  pool.on('error', (error) =>
    console.error(JSON.stringify({ level: 50, msg: 'idle database connection lost', err: error.message })),
  );
  return pool;
}

/** The database through such a pool. */
export const newPostgresDb = (connectionString: string, max: number, applicationName?: string) =>
  new Kysely<Database>({
    dialect: new PostgresDialect({ pool: newPostgresPool(connectionString, max, applicationName) }),
  });
