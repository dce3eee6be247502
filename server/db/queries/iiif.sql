-- The SQL of server/features/iiif/iiif.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- getPublicImageSource
select
  "m"."id",
  "m"."file_key",
  "m"."mime_type",
  "m"."watermark_enabled",
  "d"."file_key" as "download_key",
  "d"."mime_type" as "download_mime"
from
  "media_items" as "m"
  left join "derivatives" as "d" on "d"."owner_id" = "m"."id" and "d"."owner_type" = $1 and "d"."variant" = $2
where
  "m"."id" = $3
  and "m"."is_public" = $4
  and "m"."media_type" = $5;

-- listPublicManifestItems
select
  "m"."latitude",
  "m"."longitude",
  "p"."name_fo" as "place_name_fo",
  "p"."name_en" as "place_name_en",
  "m"."id",
  "m"."display_id",
  "m"."title",
  "m"."description",
  "m"."media_type",
  "m"."mime_type",
  "m"."sha256",
  "m"."file_salt",
  "m"."width",
  "m"."height",
  "m"."photographer",
  "m"."original_date",
  "m"."location",
  "m"."keywords",
  "m"."source",
  "m"."historical_context",
  "m"."copyright_holder",
  "m"."attribution_text",
  "m"."rights",
  "m"."duration_seconds",
  to_char(m.original_date_earliest, 'YYYY-MM-DD') as "nav_day",
  "c"."name" as "category_name"
from
  "media_items" as "m"
  left join "categories" as "c" on "c"."id" = "m"."category_id" and "c"."is_public" = $1
  left join "places" as "p" on "p"."id" = "m"."place_id"
where
  "m"."is_public" = $2
  and "m"."id" in ($3);

-- listManifestDerivatives
select
  "owner_id",
  "variant",
  "file_key",
  "mime_type",
  "width",
  "height"
from
  "derivatives"
where
  "owner_type" = $1
  and "owner_id" in ($2)
  and "variant" in ($3, $4, $5);

-- getPublicSlideshow
select
  "id",
  "title",
  "description"
from
  "slideshows"
where
  "id" = $1
  and "is_public" = $2;

-- listPublicSlideRefs
select
  "s"."media_item_id",
  "s"."duration",
  "s"."caption"
from
  "slideshow_items" as "s"
  inner join "media_items" as "m" on "m"."id" = "s"."media_item_id"
where
  "s"."slideshow_id" = $1
  and "m"."is_public" = $2
order by
  "s"."order_index";

-- listPublicSlideshows
select
  "id",
  "title"
from
  "slideshows"
where
  "is_public" = $1
order by
  "created_at" desc;

-- getPublicCategory
select
  "id",
  "name",
  "description"
from
  "categories"
where
  "id" = $1
  and "is_public" = $2;

-- listPublicCategoryRefs
select
  "id",
  "name"
from
  "categories"
where
  "is_public" = $1
order by
  "name";

-- listPublicItemsInCategory (first)
select
  "id",
  "title",
  created_at::text as "created_key"
from
  "media_items"
where
  "category_id" = $1
  and "is_public" = $2
order by
  "created_at" desc,
  "id" desc
limit
  $3;

-- listPublicItemsInCategory (after)
select
  "id",
  "title",
  created_at::text as "created_key"
from
  "media_items"
where
  "category_id" = $1
  and "is_public" = $2
  and ("created_at" < $3::timestamptz or ("created_at" = $4::timestamptz and "id" < $5))
order by
  "created_at" desc,
  "id" desc
limit
  $6;

-- getSiteTitle
select
  "value"
from
  "site_settings"
where
  "key" = $1;
