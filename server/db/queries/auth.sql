-- The SQL of server/auth/auth.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- deleteResetTokensOf
delete from
  "verifications"
where
  "identifier" like $1
  and "value" = $2;

-- confirmEmailOf
update
  "users"
set
  "email_verified" = $1
where
  "id" = $2;
