-- The SQL of server/features/map/map.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- sumKeptCells
select
  x >> $1 as x,
  y >> $2 as y,
  sum(items)::text as items,
  sum(lat_sum) as lat_sum,
  sum(lon_sum) as lon_sum
from
  map_cells
where
  level = $3
  and period in ($4)
  and ("x" between $5 and $6)
  and "y" between $7 and $8
  and category = $9
  and media_type = $10
group by
  1,
  2
having
  sum(items) > 0;

-- findOneInRanges
select
  found.id,
  (r.n - 1)::integer as idx
from
  unnest($1::bigint[], $2::bigint[]) with ordinality r(lo, hi, n)
  cross join lateral (
    select
      m.id
    from
      media_items m
    where
      m.map_key >= r.lo
      and m.map_key < r.hi
      and m.is_public
      and m.map_key is not null
      and m.search_text like f_unaccent($3)
      and m.category_id = $4::uuid
      and m.media_type = $5
      and m.place_id = $6::uuid
      and m.original_date_earliest >= $7::date
      and m.original_date_latest <= $8::date
    limit
      1
  ) found;

-- listLocated (key ranges)
select
  m.id,
  m.latitude,
  m.longitude,
  (map_ix(m.longitude) >> $1) as x,
  (map_iy(m.latitude) >> $2) as y
from
  unnest($3::bigint[], $4::bigint[]) r(lo, hi)
  join media_items m on m.map_key >= r.lo and m.map_key < r.hi
where
  m.is_public
  and m.map_key is not null
  and m.category_id = $5::uuid
  and ((map_ix(m.longitude) >> $6) between $7 and $8)
  and (map_iy(m.latitude) >> $9) between $10 and $11
limit
  $12;

-- listLocated (a search)
select
  m.id,
  m.latitude,
  m.longitude,
  (map_ix(m.longitude) >> $1) as x,
  (map_iy(m.latitude) >> $2) as y
from
  media_items m
where
  m.is_public
  and m.map_key is not null
  and m.search_text like f_unaccent($3)
  and ((map_ix(m.longitude) >> $4) between $5 and $6)
  and (map_iy(m.latitude) >> $7) between $8 and $9
limit
  $10;

-- listLocatedByTitle
select
  m.id
from
  media_items m
where
  m.is_public
  and m.map_key is not null
  and m.category_id = $1::uuid
order by
  lower(m.title),
  m.id
limit
  $2;

-- getMapItemDetails
select
  "media_items"."id",
  "media_items"."title",
  "media_items"."media_type",
  "media_items"."latitude",
  "media_items"."longitude",
  "media_items"."file_salt",
  (
    select
      d.file_key
    from
      derivatives d
    where
      d.owner_type = 'media'
      and d.owner_id = media_items.id
      and d.variant in ('thumb', 'poster')
    order by
      d.variant = 'thumb' desc
    limit
      1
  ) as "thumb_key",
  (
    select
      d.variant
    from
      derivatives d
    where
      d.owner_type = 'media'
      and d.owner_id = media_items.id
      and d.variant in ('thumb', 'poster')
    order by
      d.variant = 'thumb' desc
    limit
      1
  ) as "thumb_variant"
from
  "media_items"
where
  "media_items"."id" in ($1)
  and "media_items"."is_public" = $2;
