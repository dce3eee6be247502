-- The SQL of server/features/uploads/resumable-uploads.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- reserveUploadRoom
lock table resumable_uploads in share row exclusive mode;

select
  coalesce(sum(size) filter (where pool = $1), 0) as "area",
  coalesce(sum(size) filter (where quota_key = $2), 0) as "mine"
from
  "resumable_uploads"
where
  ("reservation" = $3 or "received_at" is not null or "created_at" >= $4);

insert into
  "resumable_uploads" ("id", "quota_key", "pool", "size", "reservation")
values
  ($1, $2, $3, $4, $5);

-- recordUpload
insert into
  "resumable_uploads" ("id", "quota_key", "pool", "size", "received_at")
values
  ($1, $2, $3, $4, $5)
on conflict
  ("id")
do nothing;

delete from
  "resumable_uploads"
where
  "id" = $1;

-- touchUpload
update
  "resumable_uploads"
set
  "touched_at" = $1,
  "received_at" = coalesce(received_at, now())
where
  "id" = $2;

-- deleteUploadRow
delete from
  "resumable_uploads"
where
  "id" = $1;

-- listExpiredUploads
select
  "id"
from
  "resumable_uploads"
where
  "reservation" = $1
  and ("touched_at" < $2 or "created_at" < $3 or ("received_at" is null and "created_at" < $4));

-- deleteReservationsBefore
delete from
  "resumable_uploads"
where
  "reservation" = $1
  and "created_at" < $2;
