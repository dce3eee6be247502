import { type Kysely, sql } from 'kysely';

/**
 * Issue 30 B11: a public item's files are cached for a year under a URL that named only the file's
 * version, so a CDN's copy outlived the item's unpublishing at the same URL. An item unpublished
 * gets a new salt, which its file URLs carry from then on (`?v=<salt>.<version>`): a URL from
 * before answers 404 at the origin, and when the item is public again no cached copy is at the new
 * URL. Items never unpublished have none and keep their URLs. The trigger catches every way an
 * item is unpublished (edit, bulk, publish toggle); a restore inserts, so the salt it carries stays.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table media_items add column file_salt text`.execute(db);
  await sql`create function media_items_new_file_salt() returns trigger language plpgsql as $$
    begin
      new.file_salt := substr(md5(random()::text || clock_timestamp()::text), 1, 8);
      return new;
    end $$`.execute(db);
  await sql`create trigger media_items_unpublished before update of is_public on media_items
    for each row when (old.is_public and not new.is_public)
    execute function media_items_new_file_salt()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger media_items_unpublished on media_items`.execute(db);
  await sql`drop function media_items_new_file_salt()`.execute(db);
  await sql`alter table media_items drop column file_salt`.execute(db);
}
