-- The SQL of server/features/settings/settings.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- getSettings
select
  "key",
  "value"
from
  "site_settings"
where
  "key" in ($1, $2);

-- putSettings
insert into
  "site_settings" ("key", "value", "updated_by")
values
  ($1, $2, $3)
on conflict
  ("key")
do update set
  "value" = "excluded"."value",
  "updated_by" = "excluded"."updated_by",
  "updated_at" = $4;
