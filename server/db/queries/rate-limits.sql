-- The SQL of server/http/rate-limits.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- updateRateLimitCount
insert into
  rate_limits(key, count, last_request)
values
  ($1, 1, $2)
on conflict
  (key)
do update set
  count = case when rate_limits.last_request < $3 then 1 else rate_limits.count + 1 end,
  last_request = case when rate_limits.last_request < $4 then $5 else rate_limits.last_request end
returning
  count,
  last_request;

-- deleteRateLimitsBefore
delete from
  "rate_limits"
where
  "key" like $1
  and "last_request" < $2;

-- getRateLimitCount
select
  "count",
  "last_request"
from
  "rate_limits"
where
  "key" = $1;

-- deleteRateLimit
delete from
  "rate_limits"
where
  "key" = $1;
