-- The SQL of server/features/media/media.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- getMedia
select
  *
from
  "media_items"
where
  "id" = $1;

-- getMediaFileInfo
select
  "id",
  "is_public",
  "file_key",
  "file_name",
  "mime_type",
  "media_type",
  "sha256",
  "file_salt",
  "rights"
from
  "media_items"
where
  "id" = $1;

-- createMedia
insert into
  "media_items" ("title", "media_type", "file_key", "file_name", "file_size", "mime_type", "sha256")
values
  ($1, $2, $3, $4, $5, $6, $7)
returning
  *;

-- getMediaForUpdate
select
  *
from
  "media_items"
where
  "id" = $1
for update;

-- updateMedia
update
  "media_items"
set
  "description" = $1,
  "updated_at" = $2
where
  "id" = $3
returning
  *;

-- recordView (counted)
with
  m as (
    select
      id,
      view_count
    from
      media_items
    where
      id = $1
      and is_public
  ),
  added as (
    insert into
      media_view_queue(media_item_id, user_agent, watermarked)
    select
      m.id,
      $2,
      exists (
        select
          1
        from
          derivatives d
        where
          d.owner_type = 'media'
          and d.owner_id = m.id
          and d.variant = 'display'
          and d.watermarked
      )
    from
      m
    returning
      media_item_id
  )
select
  (m.view_count + (
    select
      count(*)
    from
      media_view_queue q
    where
      q.media_item_id = m.id
  ) + (
    select
      count(*)
    from
      added
  ))::int as views
from
  m;

-- recordView (not counted)
select
  (m.view_count + (
    select
      count(*)
    from
      media_view_queue q
    where
      q.media_item_id = m.id
  ))::int as views
from
  media_items m
where
  m.id = $1
  and m.is_public;

-- moveQueuedViews
with
  batch as (
    select
      id,
      media_item_id
    from
      media_view_queue
    order by
      id
    limit
      $1
    for update
    skip locked
  ),
  items as (
    select
      id
    from
      media_items
    where
      id in (
        select
          media_item_id
        from
          batch
      )
    for update
    skip locked
  ),
  moved as (
    delete from
      media_view_queue q using batch b
    where
      q.id = b.id
      and b.media_item_id in (
        select
          id
        from
          items
      )
    returning
      q.id,
      q.media_item_id,
      q.user_agent,
      q.watermarked,
      q.viewed_at
  ),
  counted as (
    update
      media_items m
    set
      view_count = m.view_count + c.n
    from
      (
        select
          media_item_id,
          count(*)::int as n
        from
          moved
        group by
          media_item_id
      ) c
    where
      m.id = c.media_item_id
  ),
  logged as (
    insert into
      media_usage_log(media_item_id, action, user_agent, watermarked, created_at)
    select
      media_item_id,
      'view',
      user_agent,
      watermarked,
      viewed_at
    from
      moved
    order by
      id
  )
select
  count(*)::int as moved
from
  moved;

-- createUsage
insert into
  "media_usage_log" ("media_item_id", "action", "user_agent", "watermarked")
values
  ($1, $2, $3, $4);

-- createMediaItems
insert into
  "media_items" ("title", "media_type", "file_key", "file_name", "file_size", "mime_type", "sha256")
values
  ($1, $2, $3, $4, $5, $6, $7),
  ($8, $9, $10, $11, $12, $13, $14)
returning
  *;

-- listAdminMedia (newest (the kept count))
select
  "media_items".*,
  "categories"."name" as "category_name",
  "categories"."color" as "category_color",
  "categories"."icon" as "category_icon",
  "folders"."name" as "folder_name",
  "places"."name_fo" as "place_name",
  ("media_items"."created_at")::text as "__key0",
  ("media_items"."id")::text as "__key1"
from
  "media_items"
  left join "categories" on "categories"."id" = "media_items"."category_id"
  left join "folders" on "folders"."id" = "media_items"."folder_id"
  left join "places" on "places"."id" = "media_items"."place_id"
order by
  "media_items"."created_at" desc,
  "media_items"."id" desc
limit
  $1;

select
  "media_totals"."items" as "items",
  "media_totals"."featured" as "featured",
  "media_totals"."categorized" as "categorized",
  "public_totals"."items" as "public"
from
  "media_totals"
  cross join "public_totals";

-- listAdminMedia (one category (its kept count))
select
  "media_items".*,
  "categories"."name" as "category_name",
  "categories"."color" as "category_color",
  "categories"."icon" as "category_icon",
  "folders"."name" as "folder_name",
  "places"."name_fo" as "place_name",
  ("media_items"."created_at")::text as "__key0",
  ("media_items"."id")::text as "__key1"
from
  "media_items"
  left join "categories" on "categories"."id" = "media_items"."category_id"
  left join "folders" on "folders"."id" = "media_items"."folder_id"
  left join "places" on "places"."id" = "media_items"."place_id"
where
  "media_items"."category_id" = $1
order by
  "media_items"."created_at" asc,
  "media_items"."id" asc
limit
  $2;

select
  "items"
from
  "media_category_totals"
where
  "category_id" = $1;

-- listAdminMedia (every filter, by title)
select
  "media_items".*,
  "categories"."name" as "category_name",
  "categories"."color" as "category_color",
  "categories"."icon" as "category_icon",
  "folders"."name" as "folder_name",
  "places"."name_fo" as "place_name",
  (lower(media_items.title))::text as "__key0",
  ("media_items"."id")::text as "__key1"
from
  "media_items"
  left join "categories" on "categories"."id" = "media_items"."category_id"
  left join "folders" on "folders"."id" = "media_items"."folder_id"
  left join "places" on "places"."id" = "media_items"."place_id"
where
  (((media_items.title || E'
' || coalesce(media_items.description, '') || E'
' || coalesce(media_items.photographer, '')) ilike $1 and (media_items.title ilike $2 or media_items.description ilike $3 or media_items.photographer ilike $4)) or media_items.display_id = $5)
  and "media_items"."category_id" = $6
  and "media_items"."folder_id" = $7
  and "media_items"."place_id" = $8
  and "media_items"."is_public" = $9
  and "media_items"."is_featured" = $10
  and "media_items"."media_type" = $11
  and "media_items"."original_date" is not null
  and "media_items"."original_date_edtf" is null
order by
  lower(media_items.title) asc,
  "media_items"."id" asc
limit
  $12;

select
  count(*) as "total"
from
  "media_items"
  left join "categories" on "categories"."id" = "media_items"."category_id"
  left join "folders" on "folders"."id" = "media_items"."folder_id"
  left join "places" on "places"."id" = "media_items"."place_id"
where
  (((media_items.title || E'
' || coalesce(media_items.description, '') || E'
' || coalesce(media_items.photographer, '')) ilike $1 and (media_items.title ilike $2 or media_items.description ilike $3 or media_items.photographer ilike $4)) or media_items.display_id = $5)
  and "media_items"."category_id" = $6
  and "media_items"."folder_id" = $7
  and "media_items"."place_id" = $8
  and "media_items"."is_public" = $9
  and "media_items"."is_featured" = $10
  and "media_items"."media_type" = $11
  and "media_items"."original_date" is not null
  and "media_items"."original_date_edtf" is null;

-- listAdminMedia (without category, folder or place)
select
  "media_items".*,
  "categories"."name" as "category_name",
  "categories"."color" as "category_color",
  "categories"."icon" as "category_icon",
  "folders"."name" as "folder_name",
  "places"."name_fo" as "place_name",
  (media_items.is_featured::int)::text as "__key0",
  ("media_items"."created_at")::text as "__key1",
  ("media_items"."id")::text as "__key2"
from
  "media_items"
  left join "categories" on "categories"."id" = "media_items"."category_id"
  left join "folders" on "folders"."id" = "media_items"."folder_id"
  left join "places" on "places"."id" = "media_items"."place_id"
where
  "media_items"."category_id" is null
  and "media_items"."folder_id" is null
  and "media_items"."place_id" is null
order by
  media_items.is_featured::int desc,
  "media_items"."created_at" desc,
  "media_items"."id" desc
limit
  $1;

select
  count(*) as "total"
from
  "media_items"
  left join "categories" on "categories"."id" = "media_items"."category_id"
  left join "folders" on "folders"."id" = "media_items"."folder_id"
  left join "places" on "places"."id" = "media_items"."place_id"
where
  "media_items"."category_id" is null
  and "media_items"."folder_id" is null
  and "media_items"."place_id" is null;

-- listAdminMediaPage
select
  "media_items".*,
  "categories"."name" as "category_name",
  "categories"."color" as "category_color",
  "categories"."icon" as "category_icon",
  "folders"."name" as "folder_name",
  "places"."name_fo" as "place_name",
  ("media_items"."view_count")::text as "__key0",
  ("media_items"."id")::text as "__key1"
from
  "media_items"
  left join "categories" on "categories"."id" = "media_items"."category_id"
  left join "folders" on "folders"."id" = "media_items"."folder_id"
  left join "places" on "places"."id" = "media_items"."place_id"
where
  (((media_items.title || E'
' || coalesce(media_items.description, '') || E'
' || coalesce(media_items.photographer, '')) ilike $1 and (media_items.title ilike $2 or media_items.description ilike $3 or media_items.photographer ilike $4)) or media_items.display_id = $5)
order by
  "media_items"."view_count" desc,
  "media_items"."id" desc
limit
  $6;

-- listMediaByDisplayIds (plain)
select
  "media_items"."id",
  "media_items"."display_id",
  "media_items"."media_type",
  "media_items"."title",
  "media_items"."description",
  "media_items"."photographer",
  "media_items"."location",
  "media_items"."original_date",
  "media_items"."source",
  "media_items"."keywords",
  "media_items"."is_public",
  "media_items"."is_featured",
  "media_items"."copyright_status",
  "media_items"."copyright_holder",
  "media_items"."commercial_use_allowed",
  "media_items"."attribution_required",
  "media_items"."attribution_text",
  "media_items"."historical_context",
  "media_items"."technical_notes",
  "media_items"."rights",
  "media_items"."place_id",
  "media_items"."latitude",
  "media_items"."longitude",
  "categories"."name" as "category_name",
  "folders"."name" as "folder_name",
  "places"."name_fo" as "place_name"
from
  "media_items"
  left join "categories" on "categories"."id" = "media_items"."category_id"
  left join "folders" on "folders"."id" = "media_items"."folder_id"
  left join "places" on "places"."id" = "media_items"."place_id"
where
  "media_items"."display_id" in ($1);

-- listMediaByDisplayIds (locked)
select
  "media_items"."id",
  "media_items"."display_id",
  "media_items"."media_type",
  "media_items"."title",
  "media_items"."description",
  "media_items"."photographer",
  "media_items"."location",
  "media_items"."original_date",
  "media_items"."source",
  "media_items"."keywords",
  "media_items"."is_public",
  "media_items"."is_featured",
  "media_items"."copyright_status",
  "media_items"."copyright_holder",
  "media_items"."commercial_use_allowed",
  "media_items"."attribution_required",
  "media_items"."attribution_text",
  "media_items"."historical_context",
  "media_items"."technical_notes",
  "media_items"."rights",
  "media_items"."place_id",
  "media_items"."latitude",
  "media_items"."longitude",
  "categories"."name" as "category_name",
  "folders"."name" as "folder_name",
  "places"."name_fo" as "place_name"
from
  "media_items"
  left join "categories" on "categories"."id" = "media_items"."category_id"
  left join "folders" on "folders"."id" = "media_items"."folder_id"
  left join "places" on "places"."id" = "media_items"."place_id"
where
  "media_items"."display_id" in ($1)
for update
  of "media_items";

-- updateMediaFromRecords
update
  media_items m
set
  "title" = r."title",
  "description" = r."description",
  updated_at = now()
from
  jsonb_populate_recordset(null::media_items, $1::jsonb) r
where
  m.id = r.id
returning
  m.id,
  m.rights,
  m.media_type;

-- listPlaceIdsByName
select
  "id",
  "name"
from
  "categories"
order by
  "created_at" desc;

select
  "id",
  "name"
from
  "folders"
order by
  "created_at" desc;

select
  "id",
  "name_fo"
from
  "places";

-- getMediaStats
select
  "media_totals"."items" as "total",
  "public_totals"."items" as "public",
  "media_totals"."featured" as "featured",
  "media_totals"."categorized" as "categorized",
  "media_totals"."views" as "views",
  (
    select
      count(*)
    from
      categories
  ) as "categories"
from
  "media_totals"
  cross join "public_totals";

-- getMediaMany
select
  "id",
  "title",
  "is_public",
  "is_featured",
  "media_type",
  "rights"
from
  "media_items"
where
  "id" in ($1)
order by
  "created_at",
  "id"
for update;

-- updateMediaMany
update
  "media_items"
set
  "is_featured" = $1,
  "updated_at" = $2
where
  "id" in ($3)
returning
  "id";

-- setPlaceMany (a place)
update
  "media_items"
set
  "place_id" = $1,
  "latitude" = case when (media_items.latitude is null or exists (
    select
      1
    from
      places old
    where
      old.id = media_items.place_id
      and old.latitude = media_items.latitude
      and old.longitude = media_items.longitude
  )) then $2::double precision else media_items.latitude end,
  "longitude" = case when (media_items.latitude is null or exists (
    select
      1
    from
      places old
    where
      old.id = media_items.place_id
      and old.latitude = media_items.latitude
      and old.longitude = media_items.longitude
  )) then $3::double precision else media_items.longitude end,
  "updated_at" = $4
where
  "id" in ($5)
  and place_id is distinct from $6::uuid
returning
  "id";

-- setPlaceMany (no place)
update
  "media_items"
set
  "place_id" = $1,
  "latitude" = case when (media_items.latitude is null or exists (
    select
      1
    from
      places old
    where
      old.id = media_items.place_id
      and old.latitude = media_items.latitude
      and old.longitude = media_items.longitude
  )) then $2::double precision else media_items.latitude end,
  "longitude" = case when (media_items.latitude is null or exists (
    select
      1
    from
      places old
    where
      old.id = media_items.place_id
      and old.latitude = media_items.latitude
      and old.longitude = media_items.longitude
  )) then $3::double precision else media_items.longitude end,
  "updated_at" = $4
where
  "id" in ($5)
  and place_id is distinct from $6::uuid
returning
  "id";

-- deleteMediaMany
delete from
  "derivatives"
where
  "owner_type" = $1
  and "owner_id" in ($2)
returning
  "file_key";

delete from
  "media_items"
where
  "id" in ($1)
returning
  "id",
  "file_key";
