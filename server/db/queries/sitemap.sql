-- The SQL of server/features/sitemap/sitemap.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- listItemPages
select
  min(id::text) as first_id,
  max(updated_at) as lastmod
from
  (
    select
      id,
      updated_at,
      (row_number() over (order by id) - 1) / $1 as page
    from
      media_items
    where
      is_public
  ) s
group by
  page
order by
  page;

-- listItemsFrom (first)
select
  "id",
  "updated_at"
from
  "media_items"
where
  "is_public" = $1
  and "id" >= $2
order by
  "id"
limit
  $3;

-- listItemsFrom (after)
select
  "id",
  "updated_at"
from
  "media_items"
where
  "is_public" = $1
  and "id" >= $2
  and "id" > $3
order by
  "id"
limit
  $4;

-- listPublicSlideshows
select
  "id",
  "updated_at"
from
  "slideshows"
where
  "is_public" = $1
order by
  "created_at" desc
limit
  $2;
