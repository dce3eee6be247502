import { type Kysely, sql } from 'kysely';

/**
 * Issue 28 §4: the map's clusters come from figures the database keeps, not from a scan of the
 * located items. An item's point (migration 0037) is placed on Web Mercator's grid (common/map.ts):
 * map_ix()/map_iy() are its cell at level 24 (about a metre), map_key the two interleaved bit by
 * bit (a Morton key, map_key_of(); a generated column), indexed for public items, so the items of any cell at any level are one range
 * of keys. map_cells counts the public located items per cell at the grid levels KEPT_LEVELS
 * (6, 8, …, 18: every second map zoom up to 16, street level; a zoom between two reads the finer one, four cells to one),
 * by category, type and period, with their latitudes and longitudes summed (a cluster is drawn at
 * its items' mean point). The period is '*' for every item, and the finest timeline period its
 * span lies in (the year, else the decade: timeline_periods() of migration 0033), so a decade's
 * count is its own row and its years' rows: at most two rows per item per level. Kept by triggers
 * in the transaction of each change, as timeline_counts; derived data, rebuilt here, not dumped.
 * Written only by media_items' triggers, in the transaction that changes media_items, whose own
 * version trigger (migration 0031) moves the public version: kept map answers need no trigger here.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  // Not STRICT, so that the planner inlines them (a strict function whose body is not is called as
  // a function each time, ~40 µs on PGlite): a null in is a null out all the same.
  await sql`create function map_ix(lon double precision) returns integer
    language sql immutable parallel safe as $$
      select case when lon is not null
        then least(16777215, greatest(0, floor((lon + 180) / 360 * 16777216)))::integer end
    $$`.execute(db);
  await sql`create function map_iy(lat double precision) returns integer
    language sql immutable parallel safe as $$
      select case when lat is not null then least(16777215, greatest(0, floor(
        (1 - ln(tan(radians(least(85.05112878, greatest(-85.05112878, lat))))
                + 1 / cos(radians(least(85.05112878, greatest(-85.05112878, lat))))) / pi()) / 2 * 16777216
      )))::integer end
    $$`.execute(db);
  // The bits of a 24-bit number spread to the even bits of 48 (the masks 0x0000FFFF0000FFFF … 0x5555…).
  await sql`create function map_spread(v bigint) returns bigint
    language plpgsql immutable strict parallel safe as $$
    begin
      v := (v | (v << 16)) & 281470681808895;
      v := (v | (v << 8)) & 71777214294589695;
      v := (v | (v << 4)) & 1085102592571150095;
      v := (v | (v << 2)) & 3689348814741910323;
      return (v | (v << 1)) & 6148914691236517205;
    end $$`.execute(db);
  // Named with their schema: a generated column's expression may be evaluated with only pg_catalog
  // on the path.
  await sql`create function map_key_of(lat double precision, lon double precision) returns bigint
    language sql immutable parallel safe as $$
      select case when lat is not null and lon is not null
        then public.map_spread(public.map_ix(lon)) | (public.map_spread(public.map_iy(lat)) << 1) end
    $$`.execute(db);
  // Kept in the row (not an index on the expression): a plan that compares keys row by row (the
  // embedded database has no autovacuum to keep its statistics) then costs a comparison, not a call.
  await sql`alter table media_items add column map_key bigint
    generated always as (public.map_key_of(latitude, longitude)) stored`.execute(db);
  await sql`create index media_items_map_key_idx on media_items (map_key)
    where is_public and map_key is not null`.execute(db);

  await sql`create table map_cells (
    level smallint not null,
    x integer not null,
    y integer not null,
    period text not null,
    category text not null,
    media_type text not null,
    items bigint not null,
    lat_sum double precision not null,
    lon_sum double precision not null,
    primary key (level, period, x, y, category, media_type)
  )`.execute(db);
  // The rows one item adds to map_cells (before grouping): each kept level, '*' and its finest period.
  await sql`create function map_cell_rows(lat double precision, lon double precision, earliest date, latest date)
    returns table (level smallint, x integer, y integer, period text)
    language sql immutable parallel safe as $$
      select l::smallint, map_ix(lon) >> (24 - l), map_iy(lat) >> (24 - l), p
      from unnest(array[6, 8, 10, 12, 14, 16, 18]) l
      cross join (
        select '*' as p
        union all
        (select tp from timeline_periods(earliest, latest) tp order by tp like '%s' limit 1)
      ) periods
    $$`.execute(db);
  await sql`create function map_cells_on_insert() returns trigger language plpgsql as $$
    begin
      insert into map_cells as t (level, x, y, period, category, media_type, items, lat_sum, lon_sum)
        select c.level, c.x, c.y, c.period, coalesce(n.category_id::text, ''), n.media_type::text,
          count(*), sum(n.latitude), sum(n.longitude)
        from new_rows n cross join lateral map_cell_rows(n.latitude, n.longitude, n.original_date_earliest, n.original_date_latest) c
        where n.is_public and n.latitude is not null
        group by 1, 2, 3, 4, 5, 6 order by 1, 4, 2, 3, 5, 6
        on conflict (level, period, x, y, category, media_type) do update
          set items = t.items + excluded.items, lat_sum = t.lat_sum + excluded.lat_sum,
              lon_sum = t.lon_sum + excluded.lon_sum;
      return null;
    end $$`.execute(db);
  await sql`create function map_cells_on_delete() returns trigger language plpgsql as $$
    begin
      insert into map_cells as t (level, x, y, period, category, media_type, items, lat_sum, lon_sum)
        select c.level, c.x, c.y, c.period, coalesce(o.category_id::text, ''), o.media_type::text,
          -count(*), -sum(o.latitude), -sum(o.longitude)
        from old_rows o cross join lateral map_cell_rows(o.latitude, o.longitude, o.original_date_earliest, o.original_date_latest) c
        where o.is_public and o.latitude is not null
        group by 1, 2, 3, 4, 5, 6 order by 1, 4, 2, 3, 5, 6
        on conflict (level, period, x, y, category, media_type) do update
          set items = t.items + excluded.items, lat_sum = t.lat_sum + excluded.lat_sum,
              lon_sum = t.lon_sum + excluded.lon_sum;
      return null;
    end $$`.execute(db);
  // A change that moves nothing on the map (a title, a view) writes nothing.
  await sql`create function map_cells_on_update() returns trigger language plpgsql as $$
    begin
      insert into map_cells as t (level, x, y, period, category, media_type, items, lat_sum, lon_sum)
        select level, x, y, period, category, media_type, sum(d), sum(lat), sum(lon) from (
          select c.level, c.x, c.y, c.period, coalesce(n.category_id::text, '') as category,
            n.media_type::text as media_type, 1::bigint as d, n.latitude as lat, n.longitude as lon
          from new_rows n cross join lateral map_cell_rows(n.latitude, n.longitude, n.original_date_earliest, n.original_date_latest) c
          where n.is_public and n.latitude is not null
          union all
          select c.level, c.x, c.y, c.period, coalesce(o.category_id::text, ''), o.media_type::text,
            -1::bigint, -o.latitude, -o.longitude
          from old_rows o cross join lateral map_cell_rows(o.latitude, o.longitude, o.original_date_earliest, o.original_date_latest) c
          where o.is_public and o.latitude is not null
        ) changes
        group by 1, 2, 3, 4, 5, 6 having sum(d) <> 0 or sum(lat) <> 0 or sum(lon) <> 0
        order by 1, 4, 2, 3, 5, 6
        on conflict (level, period, x, y, category, media_type) do update
          set items = t.items + excluded.items, lat_sum = t.lat_sum + excluded.lat_sum,
              lon_sum = t.lon_sum + excluded.lon_sum;
      return null;
    end $$`.execute(db);
  await sql`create trigger media_items_map_insert after insert on media_items
    referencing new table as new_rows for each statement execute function map_cells_on_insert()`.execute(db);
  await sql`create trigger media_items_map_delete after delete on media_items
    referencing old table as old_rows for each statement execute function map_cells_on_delete()`.execute(db);
  await sql`create trigger media_items_map_update after update on media_items
    referencing old table as old_rows new table as new_rows
    for each statement execute function map_cells_on_update()`.execute(db);
  // The starting figures, counted after the triggers exist (see migration 0008 for why).
  await sql`insert into map_cells (level, x, y, period, category, media_type, items, lat_sum, lon_sum)
    select c.level, c.x, c.y, c.period, coalesce(m.category_id::text, ''), m.media_type::text,
      count(*), sum(m.latitude), sum(m.longitude)
    from media_items m cross join lateral map_cell_rows(m.latitude, m.longitude, m.original_date_earliest, m.original_date_latest) c
    where m.is_public and m.latitude is not null
    group by 1, 2, 3, 4, 5, 6`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger media_items_map_update on media_items`.execute(db);
  await sql`drop trigger media_items_map_delete on media_items`.execute(db);
  await sql`drop trigger media_items_map_insert on media_items`.execute(db);
  await sql`drop function map_cells_on_update()`.execute(db);
  await sql`drop function map_cells_on_delete()`.execute(db);
  await sql`drop function map_cells_on_insert()`.execute(db);
  await sql`drop function map_cell_rows(double precision, double precision, date, date)`.execute(db);
  await sql`drop table map_cells`.execute(db);
  await sql`drop index media_items_map_key_idx`.execute(db);
  await sql`alter table media_items drop column map_key`.execute(db);
  await sql`drop function map_key_of(double precision, double precision)`.execute(db);
  await sql`drop function map_spread(bigint)`.execute(db);
  await sql`drop function map_iy(double precision)`.execute(db);
  await sql`drop function map_ix(double precision)`.execute(db);
}
