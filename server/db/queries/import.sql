-- The SQL of server/import/import.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- findMediaBySha256
select
  "id",
  "display_id"
from
  "media_items"
where
  "sha256" = $1
order by
  "created_at"
limit
  $2;

-- findDocumentBySha256
select
  "id",
  "display_id"
from
  "documents"
where
  "sha256" = $1
order by
  "created_at"
limit
  $2;

-- getFolderIdByName
select
  "id"
from
  "folders"
where
  "name" = $1
order by
  "created_at"
limit
  $2;

-- getPlaceIdByName
select
  "id"
from
  "places"
where
  lower(name_fo) = $1;

-- getCategoryIdByName
select
  "id"
from
  "categories"
where
  "name" = $1
order by
  "created_at"
limit
  $2;

-- listFinished
select
  w.display_id,
  m.processing_status,
  m.processing_error
from
  unnest($1::text[]) as w(display_id)
  left join media_items m on m.display_id = w.display_id
where
  m.processing_status is distinct from 'pending';

-- getAccountByEmail
select
  "id",
  "email",
  "role",
  "is_active"
from
  "users"
where
  "email" = $1;

-- getOldestActiveAdmin
select
  "id",
  "email",
  "role",
  "is_active"
from
  "users"
where
  "role" = $1
  and "is_active" = $2
order by
  "created_at"
limit
  $3;
