-- The SQL of server/features/dashboard/dashboard.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- getDashboardCounts
select
  media_totals.items::text as "total_media",
  public_totals.items::text as "public_media",
  media_totals.featured::text as "featured_media",
  media_totals.categorized::text as "categorized_media",
  ((
    select
      count(*)
    from
      media_items
    where
      created_at >= (now() - interval '7 days')
      and created_at < ((((now() - interval '7 days') at time zone 'UTC')::date + 1))::timestamp at time zone 'UTC'
  ) + (
    select
      coalesce(sum(items), 0)
    from
      media_upload_days
    where
      day >= (((now() - interval '7 days') at time zone 'UTC')::date + 1)
  ))::text as "recent_uploads",
  media_totals.views::text as "total_views",
  (
    select
      count(*) as "n"
    from
      "folders"
  ) as "total_folders",
  (
    select
      count(*) as "n"
    from
      "categories"
  ) as "total_categories",
  (
    select
      count(*) as "n"
    from
      "submissions"
    where
      "status" = $1
  ) as "pending_submissions",
  (
    select
      count(*) as "n"
    from
      "slideshows"
  ) as "total_slideshows",
  (
    select
      count(*) as "n"
    from
      "documents"
  ) as "total_documents",
  (
    select
      count(*) as "n"
    from
      "users"
  ) as "total_users"
from
  "media_totals"
  cross join "public_totals";

-- listTopCategories
select
  "categories"."id",
  "categories"."name",
  "categories"."color",
  "categories"."icon",
  "media_category_totals"."items" as "item_count"
from
  "categories"
  inner join "media_category_totals" on "media_category_totals"."category_id" = "categories"."id"
where
  "media_category_totals"."items" > $1
order by
  "media_category_totals"."items" desc,
  "categories"."name",
  "categories"."id"
limit
  $2;
