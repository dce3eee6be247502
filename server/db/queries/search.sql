-- The SQL of server/features/search/search.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- findByDisplayId
select
  'media' as "type",
  "media_items"."id",
  "media_items"."display_id",
  "media_items"."title",
  "media_items"."description",
  "media_items"."is_public",
  media_items.media_type::text as "media_type",
  derivatives.file_key as "thumb_key",
  "media_items"."file_salt"
from
  "media_items"
  left join "derivatives" on "derivatives"."owner_id" = "media_items"."id" and "derivatives"."owner_type" = $1 and "derivatives"."variant" = $2
where
  "media_items"."display_id" = $3
union all
select
  'document' as "type",
  "id",
  "display_id",
  "title",
  "description",
  "is_public",
  null::text as "media_type",
  null::text as "thumb_key",
  null::text as "file_salt"
from
  "documents"
where
  "display_id" = $4
union all
select
  'slideshow' as "type",
  "id",
  "display_id",
  "title",
  "description",
  "is_public",
  null::text as "media_type",
  null::text as "thumb_key",
  null::text as "file_salt"
from
  "slideshows"
where
  "display_id" = $5
union all
select
  'category' as "type",
  "id",
  "display_id",
  "name" as "title",
  "description",
  "is_public",
  null::text as "media_type",
  null::text as "thumb_key",
  null::text as "file_salt"
from
  "categories"
where
  "display_id" = $6
union all
select
  'submission' as "type",
  "id",
  "display_id",
  "title",
  concat_ws(' · ', nullif(submitter_name, ''), nullif(submitter_email, ''), status::text) as "description",
  false as "is_public",
  null::text as "media_type",
  null::text as "thumb_key",
  null::text as "file_salt"
from
  "submissions"
where
  "display_id" = $7
union all
select
  'user' as "type",
  "id",
  "display_id",
  coalesce(nullif(trim(full_name), ''), email) as "title",
  concat_ws(' · ', case when nullif(trim(full_name), '') is not null then email end, role::text) as "description",
  false as "is_public",
  null::text as "media_type",
  null::text as "thumb_key",
  null::text as "file_salt"
from
  "users"
where
  "display_id" = $8;
