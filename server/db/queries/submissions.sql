-- The SQL of server/features/submissions/submissions.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- createSubmission
insert into
  "submissions" ("title", "file_key", "file_name", "file_size", "mime_type", "media_type", "sha256", "submitted_by")
values
  ($1, $2, $3, $4, $5, $6, $7, $8)
returning
  *;

-- getSubmission
select
  *
from
  "submissions"
where
  "id" = $1;

-- updateSubmissionReview
update
  "submissions"
set
  "status" = $1,
  "review_notes" = $2,
  "reviewed_by" = $3,
  "reviewed_at" = $4,
  "updated_at" = $5
where
  "id" = $6
  and "status" = $7
returning
  *;

-- sumPendingSubmissionBytes
select
  coalesce(sum(file_size), 0) as "bytes"
from
  "submissions"
where
  "status" = $1;

-- listPendingSubmissionsSince
select
  "display_id",
  "title",
  "submitter_name"
from
  "submissions"
where
  "status" = $1
  and "created_at" >= $2
order by
  "created_at";

-- findDuplicates
select
  "id"
from
  "media_items"
where
  "sha256" = $1
limit
  $2;

select
  "id"
from
  "submissions"
where
  "sha256" = $1
  and "status" = $2
order by
  "created_at"
limit
  $3;

-- listOwnSubmissions
select
  *
from
  "submissions"
where
  "submitted_by" = $1
order by
  "created_at" desc,
  "id" desc
limit
  $2;

-- getContributorTotals
select
  count(*) as "total",
  count(*) filter (where submissions.status = 'approved') as "approved",
  count(*) filter (where submissions.status = 'pending') as "pending",
  count(*) filter (where submissions.status = 'rejected') as "rejected",
  count(*) filter (where submissions.created_at > now() - make_interval(days => $1)) as "recent",
  coalesce(sum(media_items.view_count) filter (where submissions.status = 'approved'), 0) as "views"
from
  "submissions"
  left join "media_items" on "media_items"."id" = "submissions"."approved_media_id"
where
  "submissions"."submitted_by" = $2;

-- listSubmissions (all)
select
  "submissions".*,
  "reviewer"."full_name" as "reviewer_full_name",
  "reviewer"."email" as "reviewer_email",
  "approved"."id" as "approved_id",
  "approved"."view_count" as "approved_view_count",
  (
    select
      d.file_key
    from
      derivatives d
    where
      d.owner_type = 'submission'
      and d.owner_id = submissions.id
      and d.variant = $1
    limit
      1
  ) as "thumb_key",
  (
    select
      d.file_key
    from
      derivatives d
    where
      d.owner_type = 'submission'
      and d.owner_id = submissions.id
      and d.variant = $2
    limit
      1
  ) as "display_key",
  ("submissions"."created_at")::text as "__key0",
  ("submissions"."id")::text as "__key1"
from
  "submissions"
  left join "users" as "reviewer" on "reviewer"."id" = "submissions"."reviewed_by"
  left join "media_items" as "approved" on "approved"."id" = "submissions"."approved_media_id"
order by
  "submissions"."created_at" desc,
  "submissions"."id" desc
limit
  $3;

select
  count(*) as "total"
from
  "submissions"
  left join "users" as "reviewer" on "reviewer"."id" = "submissions"."reviewed_by"
  left join "media_items" as "approved" on "approved"."id" = "submissions"."approved_media_id";

-- listSubmissions (search and status)
select
  "submissions".*,
  "reviewer"."full_name" as "reviewer_full_name",
  "reviewer"."email" as "reviewer_email",
  "approved"."id" as "approved_id",
  "approved"."view_count" as "approved_view_count",
  (
    select
      d.file_key
    from
      derivatives d
    where
      d.owner_type = 'submission'
      and d.owner_id = submissions.id
      and d.variant = $1
    limit
      1
  ) as "thumb_key",
  (
    select
      d.file_key
    from
      derivatives d
    where
      d.owner_type = 'submission'
      and d.owner_id = submissions.id
      and d.variant = $2
    limit
      1
  ) as "display_key",
  ("submissions"."created_at")::text as "__key0",
  ("submissions"."id")::text as "__key1"
from
  "submissions"
  left join "users" as "reviewer" on "reviewer"."id" = "submissions"."reviewed_by"
  left join "media_items" as "approved" on "approved"."id" = "submissions"."approved_media_id"
where
  "submissions"."status" = $3
  and (submissions.title ilike $4 or submissions.submitter_name ilike $5 or submissions.submitter_email ilike $6 or submissions.display_id = $7)
order by
  "submissions"."created_at" desc,
  "submissions"."id" desc
limit
  $8;

select
  count(*) as "total"
from
  "submissions"
  left join "users" as "reviewer" on "reviewer"."id" = "submissions"."reviewed_by"
  left join "media_items" as "approved" on "approved"."id" = "submissions"."approved_media_id"
where
  "submissions"."status" = $1
  and (submissions.title ilike $2 or submissions.submitter_name ilike $3 or submissions.submitter_email ilike $4 or submissions.display_id = $5);

-- getStaffSubmission
select
  "submissions".*,
  "reviewer"."full_name" as "reviewer_full_name",
  "reviewer"."email" as "reviewer_email",
  "approved"."id" as "approved_id",
  "approved"."view_count" as "approved_view_count",
  (
    select
      d.file_key
    from
      derivatives d
    where
      d.owner_type = 'submission'
      and d.owner_id = submissions.id
      and d.variant = $1
    limit
      1
  ) as "thumb_key",
  (
    select
      d.file_key
    from
      derivatives d
    where
      d.owner_type = 'submission'
      and d.owner_id = submissions.id
      and d.variant = $2
    limit
      1
  ) as "display_key"
from
  "submissions"
  left join "users" as "reviewer" on "reviewer"."id" = "submissions"."reviewed_by"
  left join "media_items" as "approved" on "approved"."id" = "submissions"."approved_media_id"
where
  "submissions"."id" = $3;

-- countSubmissions
select
  count(*) as "total",
  count(*) filter (where status = 'pending') as "pending",
  count(*) filter (where status = 'approved') as "approved",
  count(*) filter (where status = 'rejected') as "rejected",
  count(*) filter (where created_at > now() - make_interval(days => $1)) as "recent"
from
  "submissions";

-- deleteSubmissionDerivatives
delete from
  "derivatives"
where
  "owner_type" = $1
  and "owner_id" = $2
returning
  "file_key";

-- deleteSubmission
delete from
  "submissions"
where
  "id" = $1
returning
  *;
