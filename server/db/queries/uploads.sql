-- The SQL of server/features/uploads/uploads.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- createUploadClaim
insert into
  "upload_claims" ("upload_id")
values
  ($1)
on conflict
  ("upload_id")
do nothing
returning
  "upload_id";

-- deleteUploadClaim
delete from
  "upload_claims"
where
  "upload_id" = $1;

-- markUploadClaimSent
update
  "upload_claims"
set
  "sent_at" = $1
where
  "upload_id" = $2;

-- releaseUnsentUploadClaims (all)
delete from
  "upload_claims"
where
  "sent_at" is null;

-- releaseUnsentUploadClaims (claimed before)
delete from
  "upload_claims"
where
  "sent_at" is null
  and "claimed_at" < $1;

-- deleteUploadClaimsBefore
delete from
  "upload_claims"
where
  "claimed_at" < $1;
