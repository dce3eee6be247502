-- The SQL of server/features/faces/faces.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- isFaceJobOn (plain)
select
  "value"
from
  "site_settings"
where
  "key" = $1;

-- isFaceJobOn (under a share lock)
select
  "value"
from
  "site_settings"
where
  "key" = $1
for share;

-- getScannableImage
select
  "id",
  "file_key",
  "mime_type"
from
  "media_items"
where
  "id" = $1
  and "media_type" = $2
  and "processing_status" = $3;

-- listUnscannedImages (first)
select
  "m"."id",
  "m"."file_key",
  "m"."mime_type"
from
  "media_items" as "m"
where
  "m"."media_type" = $1
  and "m"."processing_status" = $2
  and not exists (
    select
      "s"."media_id"
    from
      "face_scans" as "s"
    where
      "s"."media_id" = "m"."id"
  )
order by
  "m"."id"
limit
  $3;

-- listUnscannedImages (after)
select
  "m"."id",
  "m"."file_key",
  "m"."mime_type"
from
  "media_items" as "m"
where
  "m"."media_type" = $1
  and "m"."processing_status" = $2
  and not exists (
    select
      "s"."media_id"
    from
      "face_scans" as "s"
    where
      "s"."media_id" = "m"."id"
  )
  and "m"."id" > $3
order by
  "m"."id"
limit
  $4;

-- clearScan
delete from
  "media_faces"
where
  "media_id" = $1;

delete from
  "person_boxes"
where
  "media_id" = $1
  and "source" = $2
  and "status" = $3
  and "person_id" is null;

delete from
  "face_scans"
where
  "media_id" = $1;

select
  "id",
  "x",
  "y",
  "w",
  "h",
  "status",
  "person_id"
from
  "person_boxes"
where
  "media_id" = $1;

-- listNamedFaces (first)
select
  "f"."id",
  "f"."media_id",
  "f"."descriptor",
  "b"."person_id"
from
  "media_faces" as "f"
  inner join "person_boxes" as "b" on "b"."id" = "f"."box_id"
  inner join "people" as "p" on "p"."id" = "b"."person_id"
where
  "b"."status" = $1
  and "p"."is_private" = $2
  and "f"."media_id" <> $3
order by
  "f"."id"
limit
  $4;

-- listNamedFaces (after)
select
  "f"."id",
  "f"."media_id",
  "f"."descriptor",
  "b"."person_id"
from
  "media_faces" as "f"
  inner join "person_boxes" as "b" on "b"."id" = "f"."box_id"
  inner join "people" as "p" on "p"."id" = "b"."person_id"
where
  "b"."status" = $1
  and "p"."is_private" = $2
  and "f"."media_id" <> $3
  and "f"."id" > $4
order by
  "f"."id"
limit
  $5;

-- listNamedFacesAmong
select
  "f"."id",
  "f"."media_id",
  "f"."descriptor",
  "b"."person_id"
from
  "media_faces" as "f"
  inner join "person_boxes" as "b" on "b"."id" = "f"."box_id"
  inner join "people" as "p" on "p"."id" = "b"."person_id"
where
  "b"."status" = $1
  and "p"."is_private" = $2
  and "f"."id" in ($3);

-- listFaceIdsOfBox
select
  "id"
from
  "media_faces"
where
  "box_id" = $1;

-- listFaceIdsOfPerson
select
  "f"."id"
from
  "media_faces" as "f"
  inner join "person_boxes" as "b" on "b"."id" = "f"."box_id"
where
  "b"."person_id" = $1;

-- listSuggestionFacesLike
select
  "f"."id",
  "f"."media_id",
  "f"."box_id",
  "f"."descriptor",
  "f"."look_alike_face_id",
  "f"."look_alike_distance"
from
  "media_faces" as "f"
  inner join "person_boxes" as "b" on "b"."id" = "f"."box_id"
where
  "b"."source" = $1
  and "b"."status" = $2
  and "b"."person_id" is null
  and "f"."look_alike_face_id" in ($3)
order by
  "f"."id";

-- listSuggestionFaces (first)
select
  "f"."id",
  "f"."media_id",
  "f"."box_id",
  "f"."descriptor",
  "f"."look_alike_face_id",
  "f"."look_alike_distance"
from
  "media_faces" as "f"
  inner join "person_boxes" as "b" on "b"."id" = "f"."box_id"
where
  "b"."source" = $1
  and "b"."status" = $2
  and "b"."person_id" is null
order by
  "f"."id"
limit
  $3;

-- listSuggestionFaces (after)
select
  "f"."id",
  "f"."media_id",
  "f"."box_id",
  "f"."descriptor",
  "f"."look_alike_face_id",
  "f"."look_alike_distance"
from
  "media_faces" as "f"
  inner join "person_boxes" as "b" on "b"."id" = "f"."box_id"
where
  "b"."source" = $1
  and "b"."status" = $2
  and "b"."person_id" is null
  and "f"."id" > $3
order by
  "f"."id"
limit
  $4;

-- setLookAlike (a look-alike)
update
  "media_faces"
set
  "look_alike_face_id" = $1,
  "look_alike_distance" = $2
where
  "id" = $3;

update
  "person_boxes"
set
  "suggested_person_id" = $1,
  "confidence" = $2,
  "updated_at" = $3
where
  "id" = $4;

-- setLookAlike (none)
update
  "media_faces"
set
  "look_alike_face_id" = $1,
  "look_alike_distance" = $2
where
  "id" = $3;

update
  "person_boxes"
set
  "suggested_person_id" = $1,
  "confidence" = $2,
  "updated_at" = $3
where
  "id" = $4;

-- createSuggestedBox
insert into
  "person_boxes" ("media_id", "person_id", "x", "y", "w", "h", "source", "status", "suggested_person_id", "confidence", "updated_at")
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
returning
  "id";

-- createFace
insert into
  "media_faces" ("media_id", "box_id", "x", "y", "w", "h", "score", "descriptor", "look_alike_face_id", "look_alike_distance")
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
returning
  "id";

-- recordScan
insert into
  "face_scans" ("media_id", "faces", "error")
values
  ($1, $2, $3)
on conflict
  ("media_id")
do update set
  "faces" = $4,
  "error" = $5,
  "scanned_at" = $6;

-- deleteAllFaceData
delete from
  "media_faces";

delete from
  "face_scans";

delete from
  "person_boxes"
where
  "source" = $1
  and ("status" = $2 or ("status" = $3 and "person_id" is null));

-- faceJobProgress
select
  (
    select
      count(*) as "n"
    from
      "face_scans"
  ) as "scanned",
  (
    select
      count(*) as "n"
    from
      "media_items"
    where
      "media_type" = $1
  ) as "images",
  (
    select
      count(*) as "n"
    from
      "media_faces"
  ) as "faces",
  (
    select
      count(*) as "n"
    from
      "person_boxes"
    where
      "source" = $2
      and "status" = $3
  ) as "suggestions";

-- listItemSuggestions
select
  "b"."id",
  "b"."x",
  "b"."y",
  "b"."w",
  "b"."h",
  "b"."confidence",
  "f"."score",
  "f"."look_alike_distance",
  "p"."id" as "person_id",
  "p"."name" as "person_name",
  "likeItem"."id" as "like_media_id",
  "likeItem"."display_id" as "like_display_id"
from
  "person_boxes" as "b"
  left join "media_faces" as "f" on "f"."box_id" = "b"."id"
  left join "media_faces" as "like" on "like"."id" = "f"."look_alike_face_id"
  left join "person_boxes" as "likeBox" on "likeBox"."id" = "like"."box_id"
  left join "people" as "p" on "p"."id" = "likeBox"."person_id"
  left join "media_items" as "likeItem" on "likeItem"."id" = "like"."media_id"
where
  "b"."media_id" = $1
  and "b"."source" = $2
  and "b"."status" = $3
order by
  "b"."x",
  "b"."id";

-- mediaExists
select
  "id"
from
  "media_items"
where
  "id" = $1;

-- deleteQueuedFaceJobs
delete from
  "jobs"
where
  "kind" in ($1, $2)
  and "status" = $3;
