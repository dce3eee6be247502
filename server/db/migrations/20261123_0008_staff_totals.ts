import { type Kysely, sql } from 'kysely';

/**
 * The dashboard's and the media screen's figures kept by the database, as public_totals (0006)
 * keeps the home page's: statement-level triggers with transition tables update them in the same
 * transaction as each change to media_items, so no staff screen counts 1,000,000 rows.
 *
 * - media_totals: one row — every item, the featured ones, those with a category, all views.
 *   (The public items are public_totals.items.)
 * - media_category_totals: items per category, for the top 5 and a category's list total. No
 *   foreign key: deleting a category sets its items' category_id to null (an update this trigger
 *   counts), and a row whose category is gone reads as nothing (joined with categories).
 * - media_upload_days: items per UTC day of created_at. 'Uploads this week' is the sum of the whole
 *   days inside the 7 days plus an index range count of the part-day at the window's start, so it
 *   stays exact to the second and never reads more than one day of rows.
 *
 * Concurrency: each counter row is changed by `x = x + delta` (or an upsert adding delta), which
 * under READ COMMITTED waits for a concurrent writer of the same row and then adds to what it
 * committed; per-key rows are written in key order so two statements never lock them crosswise.
 * A statement that moves no figure writes nothing (a title edit does not touch media_totals).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table media_totals (
    id boolean primary key default true check (id),
    items bigint not null,
    featured bigint not null,
    categorized bigint not null,
    views bigint not null
  )`.execute(db);
  await sql`create table media_category_totals (
    category_id uuid primary key,
    items bigint not null
  )`.execute(db);
  await sql`create table media_upload_days (
    day date primary key,
    items bigint not null
  )`.execute(db);

  await sql`create function media_totals_add(d_items bigint, d_featured bigint, d_categorized bigint, d_views bigint)
    returns void language plpgsql as $$
    begin
      if d_items <> 0 or d_featured <> 0 or d_categorized <> 0 or d_views <> 0 then
        update media_totals set items = items + d_items, featured = featured + d_featured,
          categorized = categorized + d_categorized, views = views + d_views;
      end if;
    end $$`.execute(db);

  await sql`create function media_totals_on_insert() returns trigger language plpgsql as $$
    begin
      perform media_totals_add(count(*), count(*) filter (where is_featured), count(category_id),
        coalesce(sum(view_count), 0)) from new_rows;
      insert into media_category_totals as t (category_id, items)
        select category_id, count(*) from new_rows where category_id is not null
        group by category_id order by category_id
        on conflict (category_id) do update set items = t.items + excluded.items;
      insert into media_upload_days as t (day, items)
        select (created_at at time zone 'UTC')::date, count(*) from new_rows group by 1 order by 1
        on conflict (day) do update set items = t.items + excluded.items;
      return null;
    end $$`.execute(db);

  await sql`create function media_totals_on_delete() returns trigger language plpgsql as $$
    begin
      perform media_totals_add(-count(*), -count(*) filter (where is_featured), -count(category_id),
        -coalesce(sum(view_count), 0)) from old_rows;
      insert into media_category_totals as t (category_id, items)
        select category_id, -count(*) from old_rows where category_id is not null
        group by category_id order by category_id
        on conflict (category_id) do update set items = t.items + excluded.items;
      insert into media_upload_days as t (day, items)
        select (created_at at time zone 'UTC')::date, -count(*) from old_rows group by 1 order by 1
        on conflict (day) do update set items = t.items + excluded.items;
      return null;
    end $$`.execute(db);

  await sql`create function media_totals_on_update() returns trigger language plpgsql as $$
    begin
      perform media_totals_add(n.items - o.items, n.featured - o.featured, n.categorized - o.categorized,
        n.views - o.views)
      from (select count(*) as items, count(*) filter (where is_featured) as featured,
              count(category_id) as categorized, coalesce(sum(view_count), 0) as views from new_rows) n,
           (select count(*) as items, count(*) filter (where is_featured) as featured,
              count(category_id) as categorized, coalesce(sum(view_count), 0) as views from old_rows) o;
      insert into media_category_totals as t (category_id, items)
        select category_id, sum(d) from (
          select category_id, 1::bigint as d from new_rows where category_id is not null
          union all
          select category_id, -1::bigint from old_rows where category_id is not null
        ) c
        group by category_id having sum(d) <> 0 order by category_id
        on conflict (category_id) do update set items = t.items + excluded.items;
      insert into media_upload_days as t (day, items)
        select day, sum(d) from (
          select (created_at at time zone 'UTC')::date as day, 1::bigint as d from new_rows
          union all
          select (created_at at time zone 'UTC')::date, -1::bigint from old_rows
        ) c
        group by day having sum(d) <> 0 order by day
        on conflict (day) do update set items = t.items + excluded.items;
      return null;
    end $$`.execute(db);

  await sql`create trigger media_items_staff_totals_insert after insert on media_items
    referencing new table as new_rows for each statement execute function media_totals_on_insert()`.execute(
    db,
  );
  await sql`create trigger media_items_staff_totals_delete after delete on media_items
    referencing old table as old_rows for each statement execute function media_totals_on_delete()`.execute(
    db,
  );
  await sql`create trigger media_items_staff_totals_update after update on media_items
    referencing old table as old_rows new table as new_rows
    for each statement execute function media_totals_on_update()`.execute(db);

  // The starting figures, counted after the triggers exist: creating a trigger locks out writers
  // to media_items until the migration's transaction commits, so no change falls between the two.
  await sql`insert into media_totals (id, items, featured, categorized, views)
    select true, count(*), count(*) filter (where is_featured), count(category_id), coalesce(sum(view_count), 0)
    from media_items`.execute(db);
  await sql`insert into media_category_totals (category_id, items)
    select category_id, count(*) from media_items where category_id is not null group by category_id`.execute(
    db,
  );
  await sql`insert into media_upload_days (day, items)
    select (created_at at time zone 'UTC')::date, count(*) from media_items group by 1`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger media_items_staff_totals_update on media_items`.execute(db);
  await sql`drop trigger media_items_staff_totals_delete on media_items`.execute(db);
  await sql`drop trigger media_items_staff_totals_insert on media_items`.execute(db);
  await sql`drop function media_totals_on_update()`.execute(db);
  await sql`drop function media_totals_on_delete()`.execute(db);
  await sql`drop function media_totals_on_insert()`.execute(db);
  await sql`drop function media_totals_add(bigint, bigint, bigint, bigint)`.execute(db);
  await sql`drop table media_upload_days`.execute(db);
  await sql`drop table media_category_totals`.execute(db);
  await sql`drop table media_totals`.execute(db);
}
