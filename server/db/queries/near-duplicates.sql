-- The SQL of server/media/perceptual/near-duplicates.repository.ts, each function called with its samples
-- (server/db/sql-snapshots.samples.ts). Written by server/db/sql-snapshots.test.ts: do not edit;
-- after a change, npm run sql:update (UPDATE_SQL_SNAPSHOTS=1 npx vitest run server/db/sql-snapshots.test.ts).

-- hashAsBigint: no SQL (turns a hash into the text of a bigint)

-- bandProbes: no SQL (the values findNearDuplicates probes each band with)

-- findNearDuplicates
with
  candidates as (
    select distinct
      b.media_id,
      b.hash
    from
      media_hash_bands b
    where
      (b.band = $1 and b.value = any ($2::int[]))
      or (b.band = $3 and b.value = any ($4::int[]))
      or (b.band = $5 and b.value = any ($6::int[]))
      or (b.band = $7 and b.value = any ($8::int[]))
    limit
      $9
  ),
  near as (
    select
      media_id,
      least(bit_count((hash # $10::bigint)::bit(64)), bit_count((hash # $11::bigint)::bit(64)), bit_count((hash # $12::bigint)::bit(64)), bit_count((hash # $13::bigint)::bit(64)))::int as distance
    from
      candidates
  )
select
  m.id,
  m.display_id,
  m.title,
  near.distance,
  m.file_salt,
  d.file_key as thumb_key
from
  near
  join media_items m on m.id = near.media_id
  left join derivatives d on d.owner_type = 'media' and d.owner_id = m.id and d.variant = 'thumb'
where
  near.distance <= $14
  and m.id is distinct from $15::uuid
order by
  near.distance,
  m.created_at
limit
  $16;

-- nearDuplicatesQuery (a fragment)
with
  candidates as (
    select distinct
      b.media_id,
      b.hash
    from
      media_hash_bands b
    where
      (b.band = $1 and b.value = any ($2::int[]))
      or (b.band = $3 and b.value = any ($4::int[]))
      or (b.band = $5 and b.value = any ($6::int[]))
      or (b.band = $7 and b.value = any ($8::int[]))
    limit
      $9
  ),
  near as (
    select
      media_id,
      least(bit_count((hash # $10::bigint)::bit(64)), bit_count((hash # $11::bigint)::bit(64)), bit_count((hash # $12::bigint)::bit(64)), bit_count((hash # $13::bigint)::bit(64)))::int as distance
    from
      candidates
  )
select
  m.id,
  m.display_id,
  m.title,
  near.distance,
  m.file_salt,
  d.file_key as thumb_key
from
  near
  join media_items m on m.id = near.media_id
  left join derivatives d on d.owner_type = 'media' and d.owner_id = m.id and d.variant = 'thumb'
where
  near.distance <= $14
  and m.id is distinct from $15::uuid
order by
  near.distance,
  m.created_at
limit
  $16;

-- listUnhashedImages (first)
select
  "id",
  "file_key",
  "mime_type"
from
  "media_items"
where
  "dhash" is null
  and "media_type" = $1
order by
  "id"
limit
  $2;

-- listUnhashedImages (after)
select
  "id",
  "file_key",
  "mime_type"
from
  "media_items"
where
  "dhash" is null
  and "media_type" = $1
  and "id" > $2
order by
  "id"
limit
  $3;

-- setMediaHashes
update
  "media_items"
set
  "dhash" = $1,
  "dhash_turns" = $2
where
  "id" = $3;

-- setSubmissionHashes
update
  "submissions"
set
  "dhash" = $1,
  "dhash_turns" = $2
where
  "id" = $3;
