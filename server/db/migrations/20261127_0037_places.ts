import { type Kysely, sql } from 'kysely';

/**
 * Places (issue 28 §3): the list of places staff keep, each with a Faroese and an English name and
 * a point, and an item's place: one from the list and/or a point of its own (both optional). The
 * point is the item's (where the photo was taken); choosing a place from the list gives the item
 * that place's point unless staff set one. The spec's free-text `location` stays as it is.
 * `source` names where a place's coordinates come from (a public gazetteer for the villages and
 * towns the list starts from; null for a place staff added). EXIF GPS is never written here by
 * itself: it is offered to staff as a suggestion (issue 28 §3).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table places (
    id uuid primary key default gen_random_uuid(),
    name_fo text not null check (length(name_fo) between 1 and 100),
    name_en text not null check (length(name_en) between 1 and 100),
    latitude double precision not null check (latitude between -90 and 90),
    longitude double precision not null check (longitude between -180 and 180),
    source text,
    created_by uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index places_name_fo_unique on places (lower(name_fo))`.execute(db);
  await sql`alter table media_items add column place_id uuid references places (id) on delete set null`.execute(
    db,
  );
  await sql`alter table media_items add column latitude double precision`.execute(db);
  await sql`alter table media_items add column longitude double precision`.execute(db);
  await sql`alter table media_items add constraint media_items_point_check check (
    (latitude is null and longitude is null)
    or (latitude between -90 and 90 and longitude between -180 and 180)
  )`.execute(db);
  await sql`create index media_items_place_idx on media_items (place_id) where place_id is not null`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table media_items drop constraint if exists media_items_point_check`.execute(db);
  await sql`drop index if exists media_items_place_idx`.execute(db);
  await sql`alter table media_items drop column if exists place_id`.execute(db);
  await sql`alter table media_items drop column if exists latitude`.execute(db);
  await sql`alter table media_items drop column if exists longitude`.execute(db);
  await sql`drop table if exists places`.execute(db);
}
