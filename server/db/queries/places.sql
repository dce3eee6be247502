-- The SQL of server/features/places/places.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- listPlaces
select
  *
from
  "places"
order by
  lower(name_fo),
  "id";

-- getPlace
select
  *
from
  "places"
where
  "id" = $1;

-- getPlaceForUpdate
select
  *
from
  "places"
where
  "id" = $1
for update;

-- getPlaceByName (any)
select
  "id",
  "name_fo"
from
  "places"
where
  lower(name_fo) = $1;

-- getPlaceByName (another than)
select
  "id",
  "name_fo"
from
  "places"
where
  lower(name_fo) = $1
  and "id" <> $2;

-- createPlace
insert into
  "places" ("name_fo", "name_en", "latitude", "longitude")
values
  ($1, $2, $3, $4)
returning
  *;

-- updatePlace
update
  "places"
set
  "name_en" = $1,
  "updated_at" = now()
where
  "id" = $2
returning
  *;

-- deletePlace
delete from
  "places"
where
  "id" = $1;

-- countItemsAtPlace
select
  count(*)::text as "items"
from
  "media_items"
where
  "place_id" = $1;
