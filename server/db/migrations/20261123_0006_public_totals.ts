import { type Kysely, sql } from 'kysely';

/**
 * The home page's counts (public items, their views) kept by the database in the same
 * transaction as each change to media_items, so no request counts 100,000 rows. Statement-level
 * triggers with transition tables: a bulk insert or update costs one extra update, not one per row,
 * and a change that moves neither figure does not touch the row at all.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table public_totals (
    id boolean primary key default true check (id),
    items bigint not null,
    views bigint not null
  )`.execute(db);
  await sql`insert into public_totals (id, items, views)
    select true, count(*), coalesce(sum(view_count), 0) from media_items where is_public`.execute(db);
  await sql`create function public_totals_add(d_items bigint, d_views bigint) returns void
    language plpgsql as $$
    begin
      if d_items <> 0 or d_views <> 0 then
        update public_totals set items = items + d_items, views = views + d_views;
      end if;
    end $$`.execute(db);
  await sql`create function public_totals_on_insert() returns trigger language plpgsql as $$
    begin
      perform public_totals_add(
        (select count(*) from new_rows where is_public),
        (select coalesce(sum(view_count), 0) from new_rows where is_public));
      return null;
    end $$`.execute(db);
  await sql`create function public_totals_on_delete() returns trigger language plpgsql as $$
    begin
      perform public_totals_add(
        -(select count(*) from old_rows where is_public),
        -(select coalesce(sum(view_count), 0) from old_rows where is_public));
      return null;
    end $$`.execute(db);
  await sql`create function public_totals_on_update() returns trigger language plpgsql as $$
    begin
      perform public_totals_add(
        (select count(*) from new_rows where is_public) - (select count(*) from old_rows where is_public),
        (select coalesce(sum(view_count), 0) from new_rows where is_public)
          - (select coalesce(sum(view_count), 0) from old_rows where is_public));
      return null;
    end $$`.execute(db);
  await sql`create trigger media_items_totals_insert after insert on media_items
    referencing new table as new_rows for each statement execute function public_totals_on_insert()`.execute(
    db,
  );
  await sql`create trigger media_items_totals_delete after delete on media_items
    referencing old table as old_rows for each statement execute function public_totals_on_delete()`.execute(
    db,
  );
  await sql`create trigger media_items_totals_update after update on media_items
    referencing old table as old_rows new table as new_rows
    for each statement execute function public_totals_on_update()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger media_items_totals_update on media_items`.execute(db);
  await sql`drop trigger media_items_totals_delete on media_items`.execute(db);
  await sql`drop trigger media_items_totals_insert on media_items`.execute(db);
  await sql`drop function public_totals_on_update()`.execute(db);
  await sql`drop function public_totals_on_delete()`.execute(db);
  await sql`drop function public_totals_on_insert()`.execute(db);
  await sql`drop function public_totals_add(bigint, bigint)`.execute(db);
  await sql`drop table public_totals`.execute(db);
}
