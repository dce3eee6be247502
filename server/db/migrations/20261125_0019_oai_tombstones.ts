import { type Kysely, sql } from 'kysely';

/**
 * Issue 26 §3: OAI-PMH with deleted records kept `persistent`. A public item that is deleted or
 * unpublished leaves a tombstone, written by triggers in the same transaction as the change, so
 * no way of hiding an item (delete, bulk delete, unpublish, bulk unpublish, a restore's rows, a
 * script) can forget it; publishing the item again takes its tombstone away. A category made
 * private or public again takes its items out of (or back into) their set: their datestamp moves,
 * so a harvester asking `from` its last harvest gets them again.
 * The indexes serve the harvest's keyset pages: (datestamp, id), for the whole archive and per set.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table oai_tombstones (
    media_id uuid primary key,
    display_id text not null,
    category_id uuid,
    deleted_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index oai_tombstones_datestamp_idx on oai_tombstones (deleted_at, media_id)`.execute(db);
  await sql`create index oai_tombstones_set_idx on oai_tombstones (category_id, deleted_at, media_id)`.execute(
    db,
  );
  await sql`create index media_public_datestamp_idx on media_items (updated_at, id) where is_public`.execute(
    db,
  );
  await sql`create index media_public_set_datestamp_idx on media_items (category_id, updated_at, id)
    where is_public`.execute(db);

  await sql`create function media_items_oai_tombstone() returns trigger language plpgsql as $$
    begin
      insert into oai_tombstones (media_id, display_id, category_id, deleted_at)
        values (old.id, old.display_id, old.category_id, now())
        on conflict (media_id) do update
          set deleted_at = excluded.deleted_at, category_id = excluded.category_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger media_items_oai_deleted after delete on media_items
    for each row when (old.is_public) execute function media_items_oai_tombstone()`.execute(db);
  await sql`create trigger media_items_oai_unpublished after update of is_public on media_items
    for each row when (old.is_public and not new.is_public) execute function media_items_oai_tombstone()`.execute(
    db,
  );
  await sql`create function media_items_oai_republished() returns trigger language plpgsql as $$
    begin
      delete from oai_tombstones where media_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger media_items_oai_published after insert or update of is_public on media_items
    for each row when (new.is_public) execute function media_items_oai_republished()`.execute(db);

  await sql`create function categories_oai_visibility() returns trigger language plpgsql as $$
    begin
      update media_items set updated_at = now() where category_id = new.id and is_public;
      update oai_tombstones set deleted_at = now() where category_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger categories_oai_visibility after update of is_public on categories
    for each row when (old.is_public is distinct from new.is_public)
    execute function categories_oai_visibility()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger categories_oai_visibility on categories`.execute(db);
  await sql`drop function categories_oai_visibility()`.execute(db);
  await sql`drop trigger media_items_oai_published on media_items`.execute(db);
  await sql`drop function media_items_oai_republished()`.execute(db);
  await sql`drop trigger media_items_oai_unpublished on media_items`.execute(db);
  await sql`drop trigger media_items_oai_deleted on media_items`.execute(db);
  await sql`drop function media_items_oai_tombstone()`.execute(db);
  await sql`drop index media_public_set_datestamp_idx`.execute(db);
  await sql`drop index media_public_datestamp_idx`.execute(db);
  await sql`drop table oai_tombstones`.execute(db);
}
