-- The SQL of server/features/categories/categories.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- getCategory
select
  *
from
  "categories"
where
  "id" = $1;

-- createCategory
insert into
  "categories" ("name", "description", "is_public", "created_by")
values
  ($1, $2, $3, $4)
returning
  *;

-- listPublicCategories
select
  "id",
  "name",
  "color",
  "icon",
  "description"
from
  "categories"
where
  "is_public" = $1
order by
  lower(name);

-- listAllCategories
select
  *
from
  "categories"
order by
  lower(name),
  "id";

-- listAdminCategories (by name)
select
  "categories".*,
  "stats"."media_count",
  "stats"."view_count",
  "stats"."recent_uploads",
  (lower(categories.name))::text as "__key0",
  ("categories"."id")::text as "__key1"
from
  "categories"
  left join lateral (
    select
      count(*) as "media_count",
      coalesce(sum(media_items.view_count), 0) as "view_count",
      count(*) filter (where media_items.created_at > now() - interval '7 days') as "recent_uploads"
    from
      "media_items"
    where
      "media_items"."category_id" = "categories"."id"
  ) as "stats" on true
order by
  lower(categories.name) asc,
  "categories"."id" asc
limit
  $1;

select
  count(*) as "total"
from
  "categories"
  left join lateral (
    select
      count(*) as "media_count",
      coalesce(sum(media_items.view_count), 0) as "view_count",
      count(*) filter (where media_items.created_at > now() - interval '7 days') as "recent_uploads"
    from
      "media_items"
    where
      "media_items"."category_id" = "categories"."id"
  ) as "stats" on true;

-- listAdminCategories (search, by items)
select
  "categories".*,
  "stats"."media_count",
  "stats"."view_count",
  "stats"."recent_uploads",
  ("stats"."media_count")::text as "__key0",
  ("categories"."id")::text as "__key1"
from
  "categories"
  left join lateral (
    select
      count(*) as "media_count",
      coalesce(sum(media_items.view_count), 0) as "view_count",
      count(*) filter (where media_items.created_at > now() - interval '7 days') as "recent_uploads"
    from
      "media_items"
    where
      "media_items"."category_id" = "categories"."id"
  ) as "stats" on true
where
  (categories.name ilike $1 or categories.description ilike $2 or categories.display_id = $3)
order by
  "stats"."media_count" desc,
  "categories"."id" desc
limit
  $4;

select
  count(*) as "total"
from
  "categories"
  left join lateral (
    select
      count(*) as "media_count",
      coalesce(sum(media_items.view_count), 0) as "view_count",
      count(*) filter (where media_items.created_at > now() - interval '7 days') as "recent_uploads"
    from
      "media_items"
    where
      "media_items"."category_id" = "categories"."id"
  ) as "stats" on true
where
  (categories.name ilike $1 or categories.description ilike $2 or categories.display_id = $3);

-- getCategoryStats
select
  (
    select
      count(*)
    from
      categories
  ) as "total",
  (
    select
      count(*)
    from
      categories
    where
      is_public
  ) as "public",
  count(distinct media_items.category_id) as "active",
  count(*) as "total_media",
  count(media_items.category_id) as "items_tagged",
  coalesce(sum(media_items.view_count) filter (where media_items.category_id is not null), 0) as "views",
  count(*) filter (where media_items.category_id is not null and media_items.created_at > now() - interval '7 days') as "recent_uploads"
from
  "media_items";

-- getCategoryForUpdate
select
  *
from
  "categories"
where
  "id" = $1
for update;

-- updateCategory
update
  "categories"
set
  "description" = $1,
  "updated_at" = $2
where
  "id" = $3
returning
  *;

-- clearCategoryFromMedia
update
  "media_items"
set
  "category_id" = $1,
  "updated_at" = $2
where
  "category_id" = $3
returning
  "id";

-- deleteCategory
delete from
  "categories"
where
  "id" = $1
returning
  "id",
  "name";
