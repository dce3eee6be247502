-- The SQL of server/jobs/jobs.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- createJob (now)
insert into
  "jobs" ("kind", "payload")
values
  ($1, $2)
returning
  "id";

-- createJob (later)
insert into
  "jobs" ("kind", "payload", "max_attempts", "run_at")
values
  ($1, $2, $3, $4)
returning
  "id";

-- claimJob
update
  jobs
set
  status = 'running',
  locked_at = now(),
  locked_by = $1,
  attempts = attempts + 1,
  updated_at = now()
where
  id = (
    select
      id
    from
      jobs
    where
      status = 'queued'
      and run_at <= now()
      and kind in ($2)
    order by
      run_at,
      id
    limit
      1
    for update
    skip locked
  )
returning
  id,
  kind,
  payload,
  attempts,
  max_attempts;

-- completeJob
update
  "jobs"
set
  "status" = $1,
  "locked_at" = $2,
  "locked_by" = $3,
  "last_error" = $4,
  "updated_at" = $5
where
  "id" = $6;

-- failJob (retry)
update
  "jobs"
set
  "status" = $1,
  "locked_at" = $2,
  "locked_by" = $3,
  "last_error" = $4,
  "run_at" = $5,
  "updated_at" = $6
where
  "id" = $7;

-- failJob (no retry)
update
  "jobs"
set
  "status" = $1,
  "locked_at" = $2,
  "locked_by" = $3,
  "last_error" = $4,
  "updated_at" = $5
where
  "id" = $6;

-- requeueOrphanedJobs
update
  "jobs"
set
  "status" = $1,
  "locked_at" = $2,
  "locked_by" = $3,
  "updated_at" = $4
where
  "status" = $5
  and ((locked_by is null and locked_at < now() - make_interval(secs => $6)) or (locked_by <> $7 and not exists (
    select
      1
    from
      pg_locks
    where
      locktype = 'advisory'
      and granted
      and objsubid = 2
      and database = (
        select
          oid
        from
          pg_database
        where
          datname = current_database()
      )
      and classid::bigint = $8
      and objid::bigint = jobs.locked_by
  )));

-- requeueAllRunningJobs
update
  "jobs"
set
  "status" = $1,
  "locked_at" = $2,
  "locked_by" = $3,
  "updated_at" = $4
where
  "status" = $5;

-- deleteFinishedJobs
delete from
  "jobs"
where
  "status" = $1
  and "updated_at" < $2;

-- hasQueuedJob
select
  "id"
from
  "jobs"
where
  "kind" = $1
  and "status" = $2;
