-- The SQL of server/features/folders/folders.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- getFolder
select
  *
from
  "folders"
where
  "id" = $1;

-- listFolders
select
  "folders"."id",
  "folders"."name",
  (
    select
      count(*) as "n"
    from
      "media_items"
    where
      "media_items"."folder_id" = "folders"."id"
  ) as "media_count"
from
  "folders"
order by
  lower(folders.name),
  "folders"."id";

-- createFolder
insert into
  "folders" ("name", "created_by")
values
  ($1, $2)
returning
  "id",
  "name";

-- renameFolder
update
  "folders"
set
  "name" = $1,
  "updated_at" = $2
where
  "id" = $3
returning
  "id",
  "name";

-- countFolderMedia
select
  count(*) as "n"
from
  "media_items"
where
  "folder_id" = $1;

-- deleteFolder
delete from
  "folders"
where
  "id" = $1
returning
  "id",
  "name";
