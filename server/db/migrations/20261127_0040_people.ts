import { type Kysely, sql } from 'kysely';

/**
 * People on photos (issue 29 §2): the list of people staff keep, the boxes that mark where a person
 * is on an image, and what visitors suggest about those boxes.
 *
 * - `people`: a name, the years as short free text ("1902", "um 1890", "?"), a note, and
 *   `is_private` (a living person's wish): a private person's name is never shown in public.
 * - `person_boxes`: a rectangle on an image in fractions (0..1) of the upright image (after EXIF
 *   orientation), so it holds for every derivative size and the IIIF canvas. `person_id` null is an
 *   unnamed box ("who is this?"). `source` says where it came from: drawn by staff, accepted from a
 *   visitor's suggestion, or offered by the face-detection job (issue 29 §3). `status`: `confirmed`
 *   boxes are the item's (public when the item is); `suggested` ones are offers staff have not
 *   decided (the face job's: never public, unnamed, with the person it looks like in
 *   `suggested_person_id` and how alike in `confidence`); `dismissed` ones were turned down and are
 *   kept so the job does not offer them again.
 * - `person_suggestions`: a visitor's name for an existing box (`box_id`) or for a new box (its
 *   rectangle), with the part-1 credit fields; staff accept (naming a person from the list or a new
 *   one) or reject.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table people (
    id uuid primary key default gen_random_uuid(),
    name text not null check (length(btrim(name)) between 1 and 200),
    born text check (born is null or length(born) between 1 and 40),
    died text check (died is null or length(died) between 1 and 40),
    note text check (note is null or length(note) <= 4000),
    is_private boolean not null default false,
    created_by uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  // The staff list by name (and its search), the public look-up by id is the primary key.
  await sql`create index people_name_idx on people (lower(name), id)`.execute(db);

  // A small tolerance on the sums: fractions come from doubles (0.7 + 0.3 may be 1.0000000000000002).
  await sql`create table person_boxes (
    id uuid primary key default gen_random_uuid(),
    media_id uuid not null references media_items (id) on delete cascade,
    person_id uuid references people (id) on delete set null,
    x double precision not null,
    y double precision not null,
    w double precision not null,
    h double precision not null,
    source text not null check (source in ('staff', 'visitor', 'face')),
    status text not null default 'confirmed' check (status in ('confirmed', 'suggested', 'dismissed')),
    suggested_person_id uuid references people (id) on delete set null,
    confidence double precision check (confidence is null or confidence between 0 and 1),
    created_by uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint person_boxes_geometry_check check (
      x >= 0 and y >= 0 and w > 0 and h > 0 and x + w <= 1.000001 and y + h <= 1.000001
    )
  )`.execute(db);
  await sql`create index person_boxes_media_idx on person_boxes (media_id, status)`.execute(db);
  await sql`create index person_boxes_person_idx on person_boxes (person_id, media_id) where person_id is not null`.execute(
    db,
  );
  await sql`create index person_boxes_suggested_person_idx on person_boxes (suggested_person_id) where suggested_person_id is not null`.execute(
    db,
  );
  await sql`create index person_boxes_suggested_idx on person_boxes (created_at desc, id desc) where status = 'suggested'`.execute(
    db,
  );

  await sql`create table person_suggestions (
    id uuid primary key default gen_random_uuid(),
    media_id uuid not null references media_items (id) on delete cascade,
    box_id uuid references person_boxes (id) on delete cascade,
    x double precision,
    y double precision,
    w double precision,
    h double precision,
    name text not null check (length(btrim(name)) between 1 and 200),
    note text check (note is null or length(note) <= 2000),
    contributor_name text,
    contributor_email text,
    submitted_by uuid references users (id) on delete set null,
    status text not null default 'pending' check (status in ('pending', 'accepted', 'rejected')),
    person_id uuid references people (id) on delete set null,
    result_box_id uuid references person_boxes (id) on delete set null,
    reviewed_by uuid references users (id) on delete set null,
    reviewed_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint person_suggestions_target_check check (
      (box_id is not null and x is null and y is null and w is null and h is null)
      or (
        box_id is null and x >= 0 and y >= 0 and w > 0 and h > 0
        and x + w <= 1.000001 and y + h <= 1.000001
      )
    )
  )`.execute(db);
  await sql`create index person_suggestions_status_idx on person_suggestions (status, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index person_suggestions_list_idx on person_suggestions (created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index person_suggestions_media_idx on person_suggestions (media_id)`.execute(db);
  await sql`create index person_suggestions_box_idx on person_suggestions (box_id) where box_id is not null`.execute(
    db,
  );
  await sql`create index person_suggestions_person_idx on person_suggestions (person_id) where person_id is not null`.execute(
    db,
  );
  await sql`create index person_suggestions_result_idx on person_suggestions (result_box_id) where result_box_id is not null`.execute(
    db,
  );
  await sql`create index person_suggestions_own_idx on person_suggestions (submitted_by, created_at desc)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists person_suggestions`.execute(db);
  await sql`drop table if exists person_boxes`.execute(db);
  await sql`drop table if exists people`.execute(db);
}
