import { type Kysely, sql } from 'kysely';

/**
 * Issue 31 §2: one version of the public content, moved by every committed change to a table that
 * answers shared by every visitor read (the home page's settings, texts, counts, categories, latest
 * document and slideshow, featured strip and gallery pages), whoever makes it: the API, a job, a
 * script, another instance. server/db/data-versions.ts keeps such answers until it moves, instead
 * of asking the database again for every request.
 *
 * The version is bumped by a deferred constraint trigger, so at the end of the transaction, just
 * before its commit, and visible with the change it counts: an answer made after reading a version
 * holds at least that version's data. Bumped last, its row lock is never held while the transaction
 * waits for another lock (no deadlock between two writers, whatever tables they touch in whatever
 * order), and once per transaction (a transaction-local setting marks it done): a bulk import of
 * 100,000 rows updates it once.
 */
export const VERSIONED_TABLES = [
  'categories',
  'derivatives',
  'documents',
  'media_items',
  'public_totals',
  'site_settings',
  'slideshows',
  'slideshow_items',
  'translations',
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table data_versions (name text primary key, version bigint not null default 0)`.execute(
    db,
  );
  await sql`insert into data_versions (name) values ('public')`.execute(db);
  await sql`create function bump_data_version() returns trigger language plpgsql as $$
    begin
      if current_setting('archive.data_version_bumped', true) is distinct from 'yes' then
        update data_versions set version = version + 1 where name = 'public';
        perform set_config('archive.data_version_bumped', 'yes', true);
      end if;
      return null;
    end $$`.execute(db);
  for (const table of VERSIONED_TABLES) {
    await sql`create constraint trigger ${sql.id(`${table}_data_version`)}
      after insert or update or delete on ${sql.id(table)}
      deferrable initially deferred
      for each row execute function bump_data_version()`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    await sql`drop trigger ${sql.id(`${table}_data_version`)} on ${sql.id(table)}`.execute(db);
  }
  await sql`drop function bump_data_version()`.execute(db);
  await sql`drop table data_versions`.execute(db);
}
