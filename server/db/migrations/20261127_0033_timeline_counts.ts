import { type Kysely, sql } from 'kysely';

/**
 * Issue 28 §2: the home page's timeline counts items per period (a decade, "1950s", or a year,
 * "1952") by category, type and whether public, kept by the database in the same transaction as
 * each change to media_items (as public_totals, migration 0006), so no request counts the archive.
 * An item is in a period when its whole earliest..latest span lies inside it: "c. 1950" is in 1950
 * and the 1950s, "1950s" and "1940–1945" only in their decade, "1948–1952" and "before 1930" (no
 * earliest day) in none. The undated are in none: never placed at a default year.
 */
export const TIMELINE_VERSIONED_TABLES = ['timeline_counts'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table timeline_counts (
    period text not null,
    category text not null,
    media_type text not null,
    is_public boolean not null,
    items bigint not null,
    primary key (period, category, media_type, is_public)
  )`.execute(db);
  // The periods an item's span lies in, as common/timeline.ts names them (the gallery's filter
  // reads the same rule from the span itself: gallery.repository.ts).
  await sql`create function timeline_periods(earliest date, latest date) returns setof text
    language sql immutable as $$
      select p from (values
        (case when extract(year from earliest) >= 1
              and div(extract(year from earliest)::int, 10) = div(extract(year from latest)::int, 10)
         then (div(extract(year from earliest)::int, 10) * 10)::text || 's' end),
        (case when extract(year from earliest) >= 1 and extract(year from earliest) = extract(year from latest)
         then extract(year from earliest)::int::text end)
      ) v(p) where p is not null
    $$`.execute(db);
  await sql`create function timeline_counts_on_insert() returns trigger language plpgsql as $$
    begin
      insert into timeline_counts as t (period, category, media_type, is_public, items)
        select p, coalesce(n.category_id::text, ''), n.media_type::text, n.is_public, count(*)
        from new_rows n cross join lateral timeline_periods(n.original_date_earliest, n.original_date_latest) p
        group by 1, 2, 3, 4 order by 1, 2, 3, 4
        on conflict (period, category, media_type, is_public) do update set items = t.items + excluded.items;
      return null;
    end $$`.execute(db);
  await sql`create function timeline_counts_on_delete() returns trigger language plpgsql as $$
    begin
      insert into timeline_counts as t (period, category, media_type, is_public, items)
        select p, coalesce(o.category_id::text, ''), o.media_type::text, o.is_public, -count(*)
        from old_rows o cross join lateral timeline_periods(o.original_date_earliest, o.original_date_latest) p
        group by 1, 2, 3, 4 order by 1, 2, 3, 4
        on conflict (period, category, media_type, is_public) do update set items = t.items + excluded.items;
      return null;
    end $$`.execute(db);
  // A change that moves no count (a title, a view) writes nothing.
  await sql`create function timeline_counts_on_update() returns trigger language plpgsql as $$
    begin
      insert into timeline_counts as t (period, category, media_type, is_public, items)
        select period, category, media_type, is_public, sum(d) from (
          select p as period, coalesce(n.category_id::text, '') as category, n.media_type::text as media_type,
            n.is_public, 1::bigint as d
          from new_rows n cross join lateral timeline_periods(n.original_date_earliest, n.original_date_latest) p
          union all
          select p, coalesce(o.category_id::text, ''), o.media_type::text, o.is_public, -1::bigint
          from old_rows o cross join lateral timeline_periods(o.original_date_earliest, o.original_date_latest) p
        ) c
        group by 1, 2, 3, 4 having sum(d) <> 0 order by 1, 2, 3, 4
        on conflict (period, category, media_type, is_public) do update set items = t.items + excluded.items;
      return null;
    end $$`.execute(db);
  await sql`create trigger media_items_timeline_insert after insert on media_items
    referencing new table as new_rows for each statement execute function timeline_counts_on_insert()`.execute(
    db,
  );
  await sql`create trigger media_items_timeline_delete after delete on media_items
    referencing old table as old_rows for each statement execute function timeline_counts_on_delete()`.execute(
    db,
  );
  await sql`create trigger media_items_timeline_update after update on media_items
    referencing old table as old_rows new table as new_rows
    for each statement execute function timeline_counts_on_update()`.execute(db);
  // Kept answers read it (server/db/data-versions.ts): its changes move the public version too.
  for (const table of TIMELINE_VERSIONED_TABLES) {
    await sql`create constraint trigger ${sql.id(`${table}_data_version`)}
      after insert or update or delete on ${sql.id(table)}
      deferrable initially deferred
      for each row execute function bump_data_version()`.execute(db);
  }
  // The starting figures, counted after the triggers exist (see migration 0008 for why).
  await sql`insert into timeline_counts (period, category, media_type, is_public, items)
    select p, coalesce(m.category_id::text, ''), m.media_type::text, m.is_public, count(*)
    from media_items m cross join lateral timeline_periods(m.original_date_earliest, m.original_date_latest) p
    group by 1, 2, 3, 4`.execute(db);
  // The gallery's period filter: public items by their span.
  await sql`create index media_items_public_span_idx on media_items
    (original_date_earliest, original_date_latest) where is_public`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index media_items_public_span_idx`.execute(db);
  for (const table of TIMELINE_VERSIONED_TABLES) {
    await sql`drop trigger ${sql.id(`${table}_data_version`)} on ${sql.id(table)}`.execute(db);
  }
  await sql`drop trigger media_items_timeline_update on media_items`.execute(db);
  await sql`drop trigger media_items_timeline_delete on media_items`.execute(db);
  await sql`drop trigger media_items_timeline_insert on media_items`.execute(db);
  await sql`drop function timeline_counts_on_update()`.execute(db);
  await sql`drop function timeline_counts_on_delete()`.execute(db);
  await sql`drop function timeline_counts_on_insert()`.execute(db);
  await sql`drop function timeline_periods(date, date)`.execute(db);
  await sql`drop table timeline_counts`.execute(db);
}
