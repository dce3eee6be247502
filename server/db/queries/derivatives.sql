-- The SQL of server/media/derivatives/derivatives.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- listDerivatives
select
  *
from
  "derivatives"
where
  "owner_type" = $1
  and "owner_id" = $2;

-- listDerivativesOf
select
  "owner_id",
  "variant",
  "file_key"
from
  "derivatives"
where
  "owner_type" = $1
  and "owner_id" in ($2);

-- getDerivative
select
  *
from
  "derivatives"
where
  "owner_type" = $1
  and "owner_id" = $2
  and "variant" = $3;

-- replaceDerivatives
delete from
  "derivatives"
where
  "owner_type" = $1
  and "owner_id" = $2
  and "variant" not in ($3)
returning
  "file_key";

insert into
  "derivatives" ("owner_type", "owner_id", "variant", "file_key", "mime_type", "file_size", "width", "height", "watermarked")
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9);

-- putDerivative
delete from
  "derivatives"
where
  "owner_type" = $1
  and "owner_id" = $2
  and "variant" = $3
returning
  "file_key";

insert into
  "derivatives" ("owner_type", "owner_id", "variant", "file_key", "mime_type", "file_size", "width", "height", "watermarked")
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9);

-- getDerivativeSource (an item)
select
  *
from
  "media_items"
where
  "id" = $1;

select
  "value"
from
  "site_settings"
where
  "key" = $1;

-- getDerivativeSource (a submission)
select
  "file_key",
  "mime_type",
  "media_type",
  "dhash",
  "dhash_turns",
  "width",
  "height"
from
  "submissions"
where
  "id" = $1;

-- setProcessing (an item)
update
  "media_items"
set
  "processing_status" = $1,
  "processing_error" = $2
where
  "id" = $3;

-- setProcessing (a submission)
update
  "submissions"
set
  "processing_status" = $1,
  "processing_error" = $2
where
  "id" = $3;

-- listDerivativeSizes
select
  "owner_id",
  "variant",
  "width",
  "height",
  "mime_type"
from
  "derivatives"
where
  "owner_type" = $1
  and "owner_id" in ($2)
  and "variant" in ($3, $4);
