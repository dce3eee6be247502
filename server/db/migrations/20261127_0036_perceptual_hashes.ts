import { type Kysely, sql } from 'kysely';

/**
 * Near-duplicates (issue 29 part 4): a 64-bit dHash of each image (16 hex digits, upright) and of
 * its three 90° turns, beside the SHA-256, on items and on submissions; and the index that finds
 * an item within a few bits without a scan: multi-index hashing. The hash is cut into 4 bands of
 * 16 bits, one row per band, indexed by (band, value); two hashes within 7 bits of each other have
 * a band that differs in at most one bit (pigeonhole: 4 bands × 2 > 7), so a lookup probes each
 * band's value and its 16 one-bit neighbours. The rows are kept by a trigger from the items' own
 * column (left out of the dump: the load into an empty target writes them again).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table media_items add column dhash text`.execute(db);
  await sql`alter table media_items add column dhash_turns text[]`.execute(db);
  await sql`alter table submissions add column dhash text`.execute(db);
  await sql`alter table submissions add column dhash_turns text[]`.execute(db);
  // An item staff linked as another version of an earlier one (a near-duplicate kept apart).
  await sql`alter table media_items add column version_of_media_id uuid references media_items(id) on delete set null`.execute(
    db,
  );
  await sql`create table media_hash_bands (
    band smallint not null,
    value integer not null,
    media_id uuid not null references media_items(id) on delete cascade,
    hash bigint not null,
    primary key (band, value, media_id)
  )`.execute(db);
  await sql`create index media_hash_bands_media on media_hash_bands (media_id)`.execute(db);
  // Images with no hash yet, for the backfill job (a partial index: it shrinks to nothing).
  await sql`create index media_items_without_dhash on media_items (id) where dhash is null and media_type = 'image'`.execute(
    db,
  );
  await sql`create function media_hash_bands_sync() returns trigger language plpgsql as $$
    begin
      delete from media_hash_bands where media_id = new.id;
      -- All zeros: a flat or smoothly shaded picture (a blank page), like every other such one;
      -- left out of the index, where it would only make one crowded band value.
      if new.dhash is not null and new.dhash <> '0000000000000000' then
        insert into media_hash_bands (band, value, media_id, hash)
        select b, ('x' || substr(new.dhash, b * 4 + 1, 4))::bit(16)::int, new.id,
               ('x' || new.dhash)::bit(64)::bigint
        from generate_series(0, 3) as b;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger media_items_hash_bands_insert after insert on media_items
    for each row when (new.dhash is not null) execute function media_hash_bands_sync()`.execute(db);
  await sql`create trigger media_items_hash_bands_update after update of dhash on media_items
    for each row when (old.dhash is distinct from new.dhash) execute function media_hash_bands_sync()`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists media_items_hash_bands_update on media_items`.execute(db);
  await sql`drop trigger if exists media_items_hash_bands_insert on media_items`.execute(db);
  await sql`drop function if exists media_hash_bands_sync()`.execute(db);
  await sql`drop table if exists media_hash_bands`.execute(db);
  await sql`drop index if exists media_items_without_dhash`.execute(db);
  await sql`alter table media_items drop column if exists version_of_media_id`.execute(db);
  await sql`alter table media_items drop column if exists dhash`.execute(db);
  await sql`alter table media_items drop column if exists dhash_turns`.execute(db);
  await sql`alter table submissions drop column if exists dhash`.execute(db);
  await sql`alter table submissions drop column if exists dhash_turns`.execute(db);
}
