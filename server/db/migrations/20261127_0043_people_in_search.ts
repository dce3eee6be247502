import { type Kysely, sql } from 'kysely';

/**
 * Issue 29 §2, people are searchable: the public gallery's search finds the photos a public person
 * is named on by their name. `media_items.people_names` holds the names of the public people in the
 * item's confirmed boxes (each once, by name; a private person's never), and `search_text` (the
 * trigram-indexed, lower-cased, accent-folded text the search reads, migration 0001) now ends with
 * it, so a name is found through the same index as a title, at no extra cost per search.
 *
 * Kept by triggers in the transaction of each change, whoever makes it: a box inserted, named,
 * confirmed, dismissed, moved or deleted (also a person's deletion, whose boxes' person_id the
 * foreign key sets to null), and a person renamed or made private or public. The item's row
 * changes with it, so its version trigger (migration 0031) moves the public version: kept gallery
 * answers are dropped. Written by the database from the boxes, the column is dumped with the item
 * and written again as the boxes are loaded.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table media_items add column people_names text`.execute(db);
  // Qualified: called from triggers whatever the search path.
  await sql`create function media_people_names(item uuid) returns text
    language sql stable parallel safe as $$
      select string_agg(name, ' ' order by name) from (
        select distinct p.name from public.person_boxes b join public.people p on p.id = b.person_id
        where b.media_id = item and b.status = 'confirmed' and not p.is_private) named
    $$`.execute(db);
  await sql`create function refresh_media_people_names(item uuid) returns void
    language plpgsql as $$
      declare names text := public.media_people_names(item);
      begin
        update public.media_items set people_names = names
          where id = item and people_names is distinct from names;
      end $$`.execute(db);
  await sql`create function person_boxes_people_names() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then perform public.refresh_media_people_names(old.media_id); end if;
      if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.media_id <> old.media_id) then
        perform public.refresh_media_people_names(new.media_id);
      end if;
      return null;
    end $$`.execute(db);
  // Only what can change the names: a face job's unnamed offers never run the function.
  await sql`create trigger person_boxes_people_names_insert after insert on person_boxes
    for each row when (new.person_id is not null and new.status = 'confirmed')
    execute function person_boxes_people_names()`.execute(db);
  await sql`create trigger person_boxes_people_names_update after update on person_boxes
    for each row when (old.person_id is distinct from new.person_id or old.status is distinct from new.status
      or old.media_id is distinct from new.media_id)
    execute function person_boxes_people_names()`.execute(db);
  await sql`create trigger person_boxes_people_names_delete after delete on person_boxes
    for each row when (old.person_id is not null and old.status = 'confirmed')
    execute function person_boxes_people_names()`.execute(db);
  await sql`create function people_people_names() returns trigger language plpgsql as $$
    declare item uuid;
    begin
      for item in select distinct media_id from public.person_boxes
          where person_id = new.id and status = 'confirmed' loop
        perform public.refresh_media_people_names(item);
      end loop;
      return null;
    end $$`.execute(db);
  await sql`create trigger people_people_names after update on people
    for each row when (old.name is distinct from new.name or old.is_private is distinct from new.is_private)
    execute function people_people_names()`.execute(db);

  // The items already named, before search_text is made again (one pass over the table, not two).
  await sql`update media_items m set people_names = media_people_names(m.id)
    where m.id in (select b.media_id from person_boxes b where b.person_id is not null and b.status = 'confirmed')`.execute(
    db,
  );
  await searchText(db, sql`|| ' ' || coalesce(people_names, '')`);
}

/** search_text made again with `tail` at its end, and its trigram index (migration 0001's). */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function searchText(db: Kysely<any>, tail: ReturnType<typeof sql>) {
  await sql`drop index if exists media_search_trgm_idx`.execute(db);
  await sql`alter table media_items drop column search_text`.execute(db);
  await sql`alter table media_items add column search_text text generated always as (
      f_unaccent(lower(coalesce(title, '') || ' ' || coalesce(description, '') || ' ' ||
        coalesce(photographer, '') || ' ' || coalesce(location, '') ${tail}))
    ) stored`.execute(db);
  await sql`create index media_search_trgm_idx on media_items using gin (search_text gin_trgm_ops)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger people_people_names on people`.execute(db);
  await sql`drop function people_people_names()`.execute(db);
  await sql`drop trigger person_boxes_people_names_delete on person_boxes`.execute(db);
  await sql`drop trigger person_boxes_people_names_update on person_boxes`.execute(db);
  await sql`drop trigger person_boxes_people_names_insert on person_boxes`.execute(db);
  await sql`drop function person_boxes_people_names()`.execute(db);
  await searchText(db, sql``);
  await sql`alter table media_items drop column people_names`.execute(db);
  await sql`drop function refresh_media_people_names(uuid)`.execute(db);
  await sql`drop function media_people_names(uuid)`.execute(db);
}
