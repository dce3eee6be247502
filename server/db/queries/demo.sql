-- The SQL of scripts/demo/demo.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- countMedia
select
  count(*) as "n"
from
  "media_items";

-- getCategoryIdByName
select
  "id"
from
  "categories"
where
  "name" = $1;

-- getOldestActiveAdmin
select
  "id",
  "email"
from
  "users"
where
  "role" = $1
  and "is_active" = $2
order by
  "created_at"
limit
  $3;

-- listMediaProcessing
select
  "id",
  "title",
  "processing_status",
  "processing_error"
from
  "media_items"
where
  "id" in ($1);

-- listMediaTypes
select
  "id",
  "title",
  "media_type",
  "mime_type"
from
  "media_items"
where
  "id" in ($1);

-- countMediaByType
select
  "media_type",
  count(*) as "n"
from
  "media_items"
where
  "id" in ($1)
group by
  "media_type";

-- deleteSeededRows
delete from
  "slideshows"
where
  "id" = $1;

select
  *
from
  "documents"
where
  "id" = $1;

delete from
  "documents"
where
  "id" = $1;

delete from
  "jobs"
where
  payload ->> 'ownerId' in ($1);

select
  "owner_id",
  "variant",
  "file_key"
from
  "derivatives"
where
  "owner_type" = $1
  and "owner_id" in ($2);

select
  "file_key"
from
  "media_items"
where
  "id" in ($1);

delete from
  "derivatives"
where
  "owner_type" = $1
  and "owner_id" in ($2);

delete from
  "media_items"
where
  "id" in ($1);

delete from
  "categories"
where
  "id" in ($1);

delete from
  "activity_logs"
where
  "resource_id" in ($1, $2, $3, $4);

delete from
  "users"
where
  "id" = $1;
