-- The SQL of server/media/derivatives/playable-copies.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- queuePlayableCopy
select
  "id"
from
  "derivatives"
where
  "owner_type" = $1
  and "owner_id" = $2
  and "variant" = $3;

insert into
  "playable_copies" ("media_id", "status", "progress", "error")
values
  ($1, $2, $3, $4)
on conflict
  ("media_id")
do update set
  "status" = $5,
  "progress" = $6,
  "error" = $7,
  "updated_at" = $8
where
  "playable_copies"."status" not in ($9, $10)
returning
  "media_id";

insert into
  "jobs" ("kind", "payload", "max_attempts")
values
  ($1, $2, $3)
returning
  "id";

-- setPlayableCopy
update
  "playable_copies"
set
  "status" = $1,
  "progress" = $2,
  "updated_at" = $3
where
  "media_id" = $4;

-- setPlayableProgress
update
  "playable_copies"
set
  "progress" = $1,
  "updated_at" = $2
where
  "media_id" = $3
  and "status" = $4;

-- deletePlayableCopy
delete from
  "playable_copies"
where
  "media_id" = $1;

-- listPlayableCopiesOf
select
  "media_id",
  "status",
  "progress",
  "error"
from
  "playable_copies"
where
  "media_id" in ($1);
