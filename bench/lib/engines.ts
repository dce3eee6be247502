/**
 * The two engines as the benches that run the app in their own process open them (bench/interop.ts,
 * bench/faces.ts): PGlite on its thread, as the server opens it, and a fresh PostgreSQL database;
 * each with its bare client beside the app's (SQL text and parameters in, rows out) for baselines.
 */
import { Kysely } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openPostgres } from '#server/db/database.ts';
import { pgliteSettings } from '#server/db/pglite-options.ts';
import { PgliteThread, PgliteThreadDialect } from '#server/db/pglite-thread.ts';
import type { Database } from '#server/db/schema.ts';
import { freshPostgresDatabase } from './server.ts';

export interface Engine {
  name: string;
  handle: DatabaseHandle;
  /** The engine's bare client: SQL text and parameters, rows back. */
  bare: (text: string, parameters: unknown[]) => Promise<Record<string, unknown>[]>;
  close: () => Promise<void>;
}

export async function pgliteEngine(): Promise<Engine> {
  // The server's own path to PGlite (its thread); the bare client posts SQL to the same thread.
  const thread = await PgliteThread.start({ settings: pgliteSettings() });
  const db = new Kysely<Database>({ dialect: new PgliteThreadDialect(thread) });
  return {
    name: 'PGlite',
    handle: { db, engine: 'pglite', close: async () => {} },
    bare: async (text, parameters) =>
      (await thread.query(text, parameters)).rows as Record<string, unknown>[],
    close: async () => {
      await db.destroy();
      await thread.close();
    },
  };
}

/** A fresh database `name` on the PostgreSQL server of `url`, dropped when closed. */
export async function postgresEngine(url: string, name: string): Promise<Engine> {
  const database = await freshPostgresDatabase(url, name);
  const handle = await openPostgres(database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  return {
    name: 'PostgreSQL',
    handle,
    bare: async (text, parameters) => (await client.query(text, parameters)).rows,
    close: async () => {
      await client.end();
      await handle.close();
      await database.drop();
    },
  };
}

/** The URL of the PostgreSQL server the benches may use, if one is set. */
export const benchPostgresUrl = () => process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
