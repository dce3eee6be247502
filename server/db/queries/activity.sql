-- The SQL of server/features/activity/activity.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- createActivity
insert into
  "activity_logs" ("user_id", "action", "resource_type", "resource_id", "resource_name", "details")
values
  ($1, $2, $3, $4, $5, $6);

-- listRecentActivity
select
  "activity_logs"."id",
  "activity_logs"."action",
  "activity_logs"."resource_type",
  "activity_logs"."resource_id",
  "activity_logs"."resource_name",
  "activity_logs"."created_at",
  "users"."id" as "user_id",
  "users"."full_name" as "user_full_name",
  "users"."email" as "user_email"
from
  "activity_logs"
  left join "users" on "users"."id" = "activity_logs"."user_id"
order by
  "activity_logs"."id" desc
limit
  $1;

-- listActivity
select
  "activity_logs"."id",
  "activity_logs"."action",
  "activity_logs"."resource_type",
  "activity_logs"."resource_id",
  "activity_logs"."resource_name",
  "activity_logs"."created_at",
  "users"."id" as "user_id",
  "users"."full_name" as "user_full_name",
  "users"."email" as "user_email",
  ("activity_logs"."id")::text as "__key0"
from
  "activity_logs"
  left join "users" on "users"."id" = "activity_logs"."user_id"
where
  "activity_logs"."action" = $1
  and "activity_logs"."resource_type" = $2
  and "activity_logs"."user_id" = $3
  and (activity_logs.resource_name ilike $4 or users.full_name ilike $5 or users.email ilike $6)
order by
  "activity_logs"."id" desc
limit
  $7;

select
  count(*) as "total"
from
  "activity_logs"
  left join "users" on "users"."id" = "activity_logs"."user_id"
where
  "activity_logs"."action" = $1
  and "activity_logs"."resource_type" = $2
  and "activity_logs"."user_id" = $3
  and (activity_logs.resource_name ilike $4 or users.full_name ilike $5 or users.email ilike $6);
