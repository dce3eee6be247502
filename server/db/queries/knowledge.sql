-- The SQL of server/features/knowledge/knowledge.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- createContribution
insert into
  "contributions" ("media_id", "who", "contributor_name")
values
  ($1, $2, $3)
returning
  "id",
  "status";

-- getStaffContribution
select
  "c".*,
  "m"."display_id" as "media_display_id",
  "m"."title" as "media_title"
from
  "contributions" as "c"
  inner join "media_items" as "m" on "m"."id" = "c"."media_id"
where
  "c"."id" = $1;

-- getContributionForUpdate
select
  *
from
  "contributions"
where
  "id" = $1
for update;

-- updateContribution
update
  "contributions"
set
  "status" = $1,
  "reviewed_by" = $2,
  "reviewed_at" = $3,
  "updated_at" = $4
where
  "id" = $5
returning
  "id";

-- listContributions
select
  "c".*,
  "m"."display_id" as "media_display_id",
  "m"."title" as "media_title",
  ("c"."created_at")::text as "__key0",
  ("c"."id")::text as "__key1"
from
  "contributions" as "c"
  inner join "media_items" as "m" on "m"."id" = "c"."media_id"
where
  "c"."status" = $1
  and (c.who ilike $2 or c.place ilike $3 or c.time_text ilike $4 or c.other ilike $5 or c.contributor_name ilike $6 or c.contributor_email ilike $7 or m.title ilike $8)
order by
  "c"."created_at" desc,
  "c"."id" desc
limit
  $9;

select
  count(*) as "total"
from
  "contributions" as "c"
  inner join "media_items" as "m" on "m"."id" = "c"."media_id"
where
  "c"."status" = $1
  and (c.who ilike $2 or c.place ilike $3 or c.time_text ilike $4 or c.other ilike $5 or c.contributor_name ilike $6 or c.contributor_email ilike $7 or m.title ilike $8);

-- countContributions
select
  "status",
  count(*) as "n"
from
  "contributions"
group by
  "status";

-- countPendingContributions
select
  count(*) as "n"
from
  "contributions"
where
  "status" = $1;

-- listCredits
select
  "contributor_name",
  "reviewed_at"
from
  "contributions"
where
  "media_id" = $1
  and "status" = $2
order by
  "reviewed_at",
  "id";

-- listOwnContributions
select
  "c"."id",
  "c"."media_id",
  "c"."status",
  "c"."created_at",
  "m"."title" as "media_title"
from
  "contributions" as "c"
  inner join "media_items" as "m" on "m"."id" = "c"."media_id"
where
  "c"."submitted_by" = $1
order by
  "c"."created_at" desc,
  "c"."id" desc
limit
  $2;

-- countOwnAccepted
select
  count(*) as "n"
from
  "contributions"
where
  "submitted_by" = $1
  and "status" = $2;
