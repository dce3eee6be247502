-- The SQL of server/features/documents/documents.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- getDocument
select
  *
from
  "documents"
where
  "id" = $1;

-- getLatestPublicDocument
select
  *
from
  "documents"
where
  "is_public" = $1
  and "category" = $2
order by
  "created_at" desc
limit
  $3;

-- createDocument
insert into
  "documents" ("title", "category", "file_key", "file_name", "file_size", "mime_type", "sha256")
values
  ($1, $2, $3, $4, $5, $6, $7)
returning
  *;

-- listAdminDocuments (newest)
select
  "documents".*,
  ("documents"."created_at")::text as "__key0",
  ("documents"."id")::text as "__key1"
from
  "documents"
order by
  "documents"."created_at" desc,
  "documents"."id" desc
limit
  $1;

select
  count(*) as "total"
from
  "documents";

-- listAdminDocuments (search and category, by title)
select
  "documents".*,
  (lower(documents.title))::text as "__key0",
  ("documents"."id")::text as "__key1"
from
  "documents"
where
  (documents.title ilike $1 or documents.description ilike $2 or documents.file_name ilike $3 or documents.display_id = $4)
  and "documents"."category" = $5
order by
  lower(documents.title) asc,
  "documents"."id" asc
limit
  $6;

select
  count(*) as "total"
from
  "documents"
where
  (documents.title ilike $1 or documents.description ilike $2 or documents.file_name ilike $3 or documents.display_id = $4)
  and "documents"."category" = $5;

-- getDocumentStats
select
  count(*) as "total",
  count(*) filter (where is_public) as "public",
  count(*) filter (where is_featured) as "featured",
  coalesce(sum(download_count), 0) as "downloads"
from
  "documents";

-- getDocumentForUpdate
select
  *
from
  "documents"
where
  "id" = $1
for update;

-- updateDocument
update
  "documents"
set
  "title" = $1,
  "updated_at" = $2
where
  "id" = $3
returning
  *;

-- deleteDocument
delete from
  "documents"
where
  "id" = $1
returning
  "id",
  "file_key";

-- incrementDocumentDownloads (a visitor's (public only))
update
  "documents"
set
  "download_count" = "download_count" + $1
where
  "id" = $2
  and "is_public" = $3
returning
  "download_count";

-- incrementDocumentDownloads (staff's)
update
  "documents"
set
  "download_count" = "download_count" + $1
where
  "id" = $2
returning
  "download_count";
