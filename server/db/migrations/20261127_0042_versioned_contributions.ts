import { type Kysely, sql } from 'kysely';

/**
 * Issue 31: an item's answer (its page) is kept until the public content's version moves
 * (server/db/data-versions.ts, migration 0031), and it lists the item's credits, read from
 * `contributions`: a change there moves the version too, as a change of any table in
 * migration 0031's VERSIONED_TABLES does (accepting one writes the item in the same transaction
 * already; this holds whoever changes the table, however).
 */
export const CONTRIBUTION_VERSIONED_TABLES = ['contributions'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of CONTRIBUTION_VERSIONED_TABLES) {
    await sql`create constraint trigger ${sql.id(`${table}_data_version`)}
      after insert or update or delete on ${sql.id(table)}
      deferrable initially deferred
      for each row execute function bump_data_version()`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of CONTRIBUTION_VERSIONED_TABLES) {
    await sql`drop trigger ${sql.id(`${table}_data_version`)} on ${sql.id(table)}`.execute(db);
  }
}
