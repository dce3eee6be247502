-- The SQL of server/features/users/users.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- getUser
select
  *
from
  "users"
where
  "id" = $1;

-- getUserByEmail
select
  *
from
  "users"
where
  "email" = $1;

-- hasAdmin
select
  "id"
from
  "users"
where
  "role" = $1
limit
  $2;

-- updateUserActive (deactivate)
update
  "users"
set
  "is_active" = $1,
  "updated_at" = $2
where
  "id" = $3;

delete from
  "sessions"
where
  "user_id" = $1;

-- updateUserActive (activate)
update
  "users"
set
  "is_active" = $1,
  "updated_at" = $2
where
  "id" = $3;

-- lockActiveAdminIds
select
  "id"
from
  "users"
where
  "role" = $1
  and "is_active" = $2
order by
  "id"
for update;

-- updateUserRole
update
  "users"
set
  "role" = $1,
  "updated_at" = $2
where
  "id" = $3;

-- mergeUserPreferences
update
  "users"
set
  "preferences" = coalesce(preferences, '{}'::jsonb) || $1::jsonb,
  "updated_at" = $2
where
  "id" = $3
returning
  "preferences";

-- listStaffNotifiedOfSubmissions
select
  "email",
  "full_name"
from
  "users"
where
  "role" in ($1, $2)
  and "is_active" = $3
  and coalesce((preferences ->> 'notifyNewSubmissions')::boolean, false);

-- updateUserSignedIn
update
  "users"
set
  "last_sign_in_at" = $1
where
  "id" = $2
returning
  *;

-- listUsers (newest)
select
  "users".*,
  (
    select
      count(*)
    from
      media_items m
    where
      m.created_by = users.id
  ) as "total_uploads",
  exists (
    select
      1
    from
      accounts a
    where
      a.user_id = users.id
      and a.provider_id = 'credential'
  ) as "has_password",
  ("users"."created_at")::text as "__key0",
  ("users"."id")::text as "__key1"
from
  "users"
order by
  "users"."created_at" desc,
  "users"."id" desc
limit
  $1;

select
  count(*) as "total"
from
  "users";

-- listUsers (search, staff, by name)
select
  "users".*,
  (
    select
      count(*)
    from
      media_items m
    where
      m.created_by = users.id
  ) as "total_uploads",
  exists (
    select
      1
    from
      accounts a
    where
      a.user_id = users.id
      and a.provider_id = 'credential'
  ) as "has_password",
  (lower(coalesce(nullif(users.full_name, ''), users.email)))::text as "__key0",
  ("users"."id")::text as "__key1"
from
  "users"
where
  (users.full_name ilike $1 or users.email ilike $2 or users.display_id ilike $3 or users.display_id = $4)
  and "users"."role" in ($5, $6, $7)
order by
  lower(coalesce(nullif(users.full_name, ''), users.email)) asc,
  "users"."id" asc
limit
  $8;

select
  count(*) as "total"
from
  "users"
where
  (users.full_name ilike $1 or users.email ilike $2 or users.display_id ilike $3 or users.display_id = $4)
  and "users"."role" in ($5, $6, $7);

-- listUsers (one role)
select
  "users".*,
  (
    select
      count(*)
    from
      media_items m
    where
      m.created_by = users.id
  ) as "total_uploads",
  exists (
    select
      1
    from
      accounts a
    where
      a.user_id = users.id
      and a.provider_id = 'credential'
  ) as "has_password",
  ("users"."created_at")::text as "__key0",
  ("users"."id")::text as "__key1"
from
  "users"
where
  "users"."role" = $1
order by
  "users"."created_at" asc,
  "users"."id" asc
limit
  $2;

select
  count(*) as "total"
from
  "users"
where
  "users"."role" = $1;

-- getUserWithUploads
select
  "users".*,
  (
    select
      count(*)
    from
      media_items m
    where
      m.created_by = users.id
  ) as "total_uploads",
  exists (
    select
      1
    from
      accounts a
    where
      a.user_id = users.id
      and a.provider_id = 'credential'
  ) as "has_password"
from
  "users"
where
  "users"."id" = $1;

-- getUserStats
select
  count(*) as "total",
  count(*) filter (where role in ('admin', 'editor', 'viewer')) as "staff",
  count(*) filter (where role = 'public') as "contributors",
  (
    select
      count(*)
    from
      media_items
    where
      created_by is not null
  ) as "uploads"
from
  "users";

-- updateUserProfile
update
  "users"
set
  "full_name" = $1,
  "bio" = $2,
  "is_public_profile" = $3,
  "updated_at" = $4
where
  "id" = $5;

-- deleteUser
delete from
  "users"
where
  "id" = $1;

-- clearBlankNames
update
  "users"
set
  "full_name" = $1,
  "updated_at" = $2
where
  trim(full_name) = ''
returning
  "id";

-- countUsersWithoutPassword
select
  count(*) as "n"
from
  "users"
where
  not exists (
    select
      1
    from
      accounts a
    where
      a.user_id = users.id
      and a.provider_id = 'credential'
  );
