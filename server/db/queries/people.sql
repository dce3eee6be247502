-- The SQL of server/features/people/people.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- createPerson
insert into
  "people" ("name", "born", "note", "created_by")
values
  ($1, $2, $3, $4)
returning
  "id";

-- getPerson
select
  *
from
  "people"
where
  "id" = $1;

-- getPersonForUpdate
select
  *
from
  "people"
where
  "id" = $1
for update;

-- updatePerson
update
  "people"
set
  "note" = $1,
  "updated_at" = $2
where
  "id" = $3
returning
  "id";

-- listMediaIdsOfPerson
select distinct
  "media_id"
from
  "person_boxes"
where
  "person_id" = $1
  and "status" = $2;

-- movePerson
update
  "person_boxes"
set
  "person_id" = $1,
  "updated_at" = $2
where
  "person_id" = $3;

update
  "person_boxes"
set
  "suggested_person_id" = $1
where
  "suggested_person_id" = $2;

update
  "person_suggestions"
set
  "person_id" = $1
where
  "person_id" = $2;

-- deletePerson
delete from
  "people"
where
  "id" = $1
returning
  "id",
  "name";

-- getStaffPerson
select
  "p".*,
  (
    select
      count(*)
    from
      person_boxes b
    where
      b.person_id = p.id
      and b.status = 'confirmed'
  ) as "boxes"
from
  "people" as "p"
where
  "p"."id" = $1;

-- listPeople (all)
select
  "p".*,
  (
    select
      count(*)
    from
      person_boxes b
    where
      b.person_id = p.id
      and b.status = 'confirmed'
  ) as "boxes",
  (lower(p.name))::text as "__key0",
  ("p"."id")::text as "__key1"
from
  "people" as "p"
order by
  lower(p.name) asc,
  "p"."id" asc
limit
  $1;

select
  count(*) as "total"
from
  "people" as "p";

-- listPeople (search)
select
  "p".*,
  (
    select
      count(*)
    from
      person_boxes b
    where
      b.person_id = p.id
      and b.status = 'confirmed'
  ) as "boxes",
  (lower(p.name))::text as "__key0",
  ("p"."id")::text as "__key1"
from
  "people" as "p"
where
  (p.name ilike $1 or p.born ilike $2 or p.died ilike $3 or p.note ilike $4)
order by
  lower(p.name) asc,
  "p"."id" asc
limit
  $5;

select
  count(*) as "total"
from
  "people" as "p"
where
  (p.name ilike $1 or p.born ilike $2 or p.died ilike $3 or p.note ilike $4);

-- createBox
insert into
  "person_boxes" ("media_id", "person_id", "x", "y", "w", "h", "source")
values
  ($1, $2, $3, $4, $5, $6, $7)
returning
  "id";

-- getBoxForUpdate
select
  *
from
  "person_boxes"
where
  "id" = $1
for update;

-- updateBox
update
  "person_boxes"
set
  "status" = $1,
  "updated_at" = $2
where
  "id" = $3
returning
  "id";

-- deleteBox
delete from
  "person_boxes"
where
  "id" = $1
returning
  "id",
  "media_id";

-- listMediaBoxes
select
  "b"."id",
  "b"."media_id",
  "b"."x",
  "b"."y",
  "b"."w",
  "b"."h",
  "b"."source",
  "b"."status",
  "b"."person_id",
  "b"."confidence",
  "b"."created_at",
  "p"."name" as "person_name",
  "p"."is_private" as "person_is_private",
  "b"."suggested_person_id",
  "s"."name" as "suggested_person_name"
from
  "person_boxes" as "b"
  left join "people" as "p" on "p"."id" = "b"."person_id"
  left join "people" as "s" on "s"."id" = "b"."suggested_person_id"
where
  "b"."media_id" = $1
order by
  "b"."x",
  "b"."y",
  "b"."id";

-- listPublicBoxesOfItems
select
  "m"."id" as "media_id",
  "m"."is_public",
  "m"."media_type",
  "bx"."id",
  "bx"."x",
  "bx"."y",
  "bx"."w",
  "bx"."h",
  "bx"."person_id",
  "bx"."person_name",
  "bx"."person_is_private"
from
  "media_items" as "m"
  left join (
    select
      "b"."media_id",
      "b"."id",
      "b"."x",
      "b"."y",
      "b"."w",
      "b"."h",
      "b"."person_id",
      "p"."name" as "person_name",
      "p"."is_private" as "person_is_private"
    from
      "person_boxes" as "b"
      left join "people" as "p" on "p"."id" = "b"."person_id"
    where
      "b"."media_id" in ($1, $2)
      and "b"."status" = $3
      and ("b"."person_id" is null or "p"."is_private" = $4)
  ) as "bx" on "bx"."media_id" = "m"."id"
where
  "m"."id" in ($5, $6)
order by
  "m"."id",
  "bx"."x",
  "bx"."y",
  "bx"."id";

-- getBox
select
  "b"."id",
  "b"."media_id",
  "b"."x",
  "b"."y",
  "b"."w",
  "b"."h",
  "b"."source",
  "b"."status",
  "b"."person_id",
  "b"."confidence",
  "b"."created_at",
  "p"."name" as "person_name",
  "p"."is_private" as "person_is_private",
  "b"."suggested_person_id",
  "s"."name" as "suggested_person_name"
from
  "person_boxes" as "b"
  left join "people" as "p" on "p"."id" = "b"."person_id"
  left join "people" as "s" on "s"."id" = "b"."suggested_person_id"
where
  "b"."id" = $1;

-- listPublicItemsOfPerson
select
  "m"."id",
  "m"."display_id",
  "m"."title",
  "m"."original_date",
  "m"."file_salt",
  "d"."file_key" as "thumb_key"
from
  "media_items" as "m"
  left join "derivatives" as "d" on "d"."owner_id" = "m"."id" and "d"."owner_type" = $1 and "d"."variant" = $2
where
  "m"."is_public" = $3
  and exists (
    select
      1 as "one"
    from
      "person_boxes" as "b"
    where
      "b"."media_id" = "m"."id"
      and "b"."person_id" = $4
      and "b"."status" = $5
  )
order by
  "m"."display_id" desc
limit
  $6;

-- publicPeopleNames (a fragment)
array(
  select distinct
    p.name
  from
    person_boxes b
    join people p on p.id = b.person_id
  where
    b.media_id = "m"."id"
    and b.status = 'confirmed'
    and not p.is_private
  order by
    p.name
);

-- listPublicNamedBoxes
select
  "b"."id",
  "b"."media_id",
  "b"."x",
  "b"."y",
  "b"."w",
  "b"."h",
  "p"."id" as "person_id",
  "p"."name"
from
  "person_boxes" as "b"
  inner join "people" as "p" on "p"."id" = "b"."person_id"
where
  "b"."media_id" in ($1)
  and "b"."status" = $2
  and "p"."is_private" = $3
order by
  "b"."x",
  "b"."id";

-- listPublicPeople
select
  "p"."id",
  "p"."updated_at"
from
  "people" as "p"
where
  "p"."is_private" = $1
  and exists (
    select
      1 as "one"
    from
      "person_boxes" as "b"
      inner join "media_items" as "m" on "m"."id" = "b"."media_id"
    where
      "b"."person_id" = "p"."id"
      and "b"."status" = $2
      and "m"."is_public" = $3
  )
order by
  "p"."id"
limit
  $4;

-- createSuggestion
insert into
  "person_suggestions" ("media_id", "box_id", "name", "contributor_name")
values
  ($1, $2, $3, $4)
returning
  "id";

-- getSuggestionForUpdate
select
  *
from
  "person_suggestions"
where
  "id" = $1
for update;

-- updateSuggestion
update
  "person_suggestions"
set
  "status" = $1,
  "reviewed_by" = $2,
  "reviewed_at" = $3,
  "updated_at" = $4
where
  "id" = $5
returning
  "id";

-- getStaffSuggestion
select
  "s".*,
  "m"."display_id" as "media_display_id",
  "m"."title" as "media_title",
  "m"."file_salt" as "media_file_salt",
  "d"."file_key" as "thumb_key",
  "b"."x" as "box_x",
  "b"."y" as "box_y",
  "b"."w" as "box_w",
  "b"."h" as "box_h",
  "bp"."name" as "box_person_name",
  "p"."name" as "person_name"
from
  "person_suggestions" as "s"
  inner join "media_items" as "m" on "m"."id" = "s"."media_id"
  left join "person_boxes" as "b" on "b"."id" = "s"."box_id"
  left join "people" as "bp" on "bp"."id" = "b"."person_id"
  left join "people" as "p" on "p"."id" = "s"."person_id"
  left join "derivatives" as "d" on "d"."owner_id" = "m"."id" and "d"."owner_type" = $1 and "d"."variant" = $2
where
  "s"."id" = $3;

-- listSuggestions
select
  "s".*,
  "m"."display_id" as "media_display_id",
  "m"."title" as "media_title",
  "m"."file_salt" as "media_file_salt",
  "d"."file_key" as "thumb_key",
  "b"."x" as "box_x",
  "b"."y" as "box_y",
  "b"."w" as "box_w",
  "b"."h" as "box_h",
  "bp"."name" as "box_person_name",
  "p"."name" as "person_name",
  ("s"."created_at")::text as "__key0",
  ("s"."id")::text as "__key1"
from
  "person_suggestions" as "s"
  inner join "media_items" as "m" on "m"."id" = "s"."media_id"
  left join "person_boxes" as "b" on "b"."id" = "s"."box_id"
  left join "people" as "bp" on "bp"."id" = "b"."person_id"
  left join "people" as "p" on "p"."id" = "s"."person_id"
  left join "derivatives" as "d" on "d"."owner_id" = "m"."id" and "d"."owner_type" = $1 and "d"."variant" = $2
where
  "s"."status" = $3
  and (s.name ilike $4 or s.note ilike $5 or s.contributor_name ilike $6 or s.contributor_email ilike $7 or m.title ilike $8)
order by
  "s"."created_at" desc,
  "s"."id" desc
limit
  $9;

select
  count(*) as "total"
from
  "person_suggestions" as "s"
  inner join "media_items" as "m" on "m"."id" = "s"."media_id"
  left join "person_boxes" as "b" on "b"."id" = "s"."box_id"
  left join "people" as "bp" on "bp"."id" = "b"."person_id"
  left join "people" as "p" on "p"."id" = "s"."person_id"
  left join "derivatives" as "d" on "d"."owner_id" = "m"."id" and "d"."owner_type" = $1 and "d"."variant" = $2
where
  "s"."status" = $3
  and (s.name ilike $4 or s.note ilike $5 or s.contributor_name ilike $6 or s.contributor_email ilike $7 or m.title ilike $8);

-- countSuggestions
select
  "status",
  count(*) as "n"
from
  "person_suggestions"
group by
  "status";

-- listOwnSuggestions
select
  "s"."id",
  "s"."media_id",
  "s"."name",
  "s"."status",
  "s"."created_at",
  "m"."title" as "media_title"
from
  "person_suggestions" as "s"
  inner join "media_items" as "m" on "m"."id" = "s"."media_id"
where
  "s"."submitted_by" = $1
order by
  "s"."created_at" desc,
  "s"."id" desc
limit
  $2;

-- countOwnAcceptedSuggestions
select
  count(*) as "n"
from
  "person_suggestions"
where
  "submitted_by" = $1
  and "status" = $2;

-- countPendingSuggestions
select
  count(*) as "n"
from
  "person_suggestions"
where
  "status" = $1;
