-- The SQL of server/features/gallery/gallery.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- getPublicTotals
select
  "items",
  "views"
from
  "public_totals";

-- listPublicMedia (newest)
select
  "media_items"."id",
  "media_items"."title",
  "media_items"."description",
  "media_items"."media_type",
  "media_items"."width",
  "media_items"."height",
  "media_items"."placeholder",
  "media_items"."view_count",
  "media_items"."is_featured",
  "media_items"."photographer",
  "media_items"."location",
  "media_items"."original_date",
  "media_items"."file_salt",
  (
    select
      json_agg(json_build_object('variant', d.variant, 'file_key', d.file_key))
    from
      derivatives d
    where
      d.owner_type = 'media'
      and d.owner_id = media_items.id
      and d.variant in ('thumb', 'medium', 'display', 'poster', 'waveform')
  ) as "derivatives",
  "categories"."name" as "category_name",
  "categories"."color" as "category_color",
  "categories"."icon" as "category_icon",
  "categories"."id" as "category_ref_id",
  ("media_items"."created_at")::text as "__key0",
  ("media_items"."id")::text as "__key1"
from
  "media_items"
  left join "categories" on "categories"."id" = "media_items"."category_id" and "categories"."is_public" = $1
where
  "media_items"."is_public" = $2
order by
  "media_items"."created_at" desc,
  "media_items"."id" desc
limit
  $3;

-- listPublicMedia (every filter, by date taken)
select
  "media_items"."id",
  "media_items"."title",
  "media_items"."description",
  "media_items"."media_type",
  "media_items"."width",
  "media_items"."height",
  "media_items"."placeholder",
  "media_items"."view_count",
  "media_items"."is_featured",
  "media_items"."photographer",
  "media_items"."location",
  "media_items"."original_date",
  "media_items"."file_salt",
  (
    select
      json_agg(json_build_object('variant', d.variant, 'file_key', d.file_key))
    from
      derivatives d
    where
      d.owner_type = 'media'
      and d.owner_id = media_items.id
      and d.variant in ('thumb', 'medium', 'display', 'poster', 'waveform')
  ) as "derivatives",
  "categories"."name" as "category_name",
  "categories"."color" as "category_color",
  "categories"."icon" as "category_icon",
  "categories"."id" as "category_ref_id",
  (coalesce(media_items.original_date_earliest - date '0001-01-01', 2147483647))::text as "__key0",
  ("media_items"."id")::text as "__key1"
from
  "media_items"
  left join "categories" on "categories"."id" = "media_items"."category_id" and "categories"."is_public" = $1
where
  "media_items"."is_public" = $2
  and media_items.search_text like f_unaccent($3)
  and "media_items"."category_id" = $4
  and "media_items"."media_type" = $5
  and "media_items"."place_id" = $6
  and media_items.original_date_earliest >= $7::date
  and media_items.original_date_latest <= $8::date
  and coalesce(media_items.original_date_earliest - date '0001-01-01', 2147483647) between $9::date - date '0001-01-01' and $10::date - date '0001-01-01'
  and "media_items"."is_featured" = $11
order by
  coalesce(media_items.original_date_earliest - date '0001-01-01', 2147483647) asc,
  "media_items"."id" asc
limit
  $12;

-- countTimeline (kept counts)
select
  "period",
  sum(items)::text as "items"
from
  "timeline_counts"
where
  "is_public" = $1
  and "category" = $2
  and "media_type" = $3
group by
  "period"
having
  sum(items) > 0;

-- countTimeline (a search)
with
  matched as (
    select
      original_date_earliest as earliest,
      original_date_latest as latest
    from
      media_items
    where
      is_public
      and search_text like f_unaccent($1)
      and place_id = $2::uuid
      and category_id = $3::uuid
      and media_type = $4
    limit
      $5
  ),
  counted as (
    select
      *
    from
      matched
    limit
      $6
  )
select
  p as period,
  count(*)::text as items
from
  counted
  cross join lateral timeline_periods(counted.earliest, counted.latest) p
group by
  p
union all
select
  null,
  count(*)::text
from
  matched;
