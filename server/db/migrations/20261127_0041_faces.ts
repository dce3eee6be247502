import { type Kysely, sql } from 'kysely';

/**
 * Face suggestions (issue 29 §3): what the face job found on each image.
 *
 * - `media_faces`: one face the detector found, as a rectangle in fractions (0..1) of the upright
 *   image (like `person_boxes`), its detector score and its 128-number descriptor, and the box it
 *   belongs to: the job's own suggested box, or the box staff or a visitor had already drawn around
 *   it. A face in a box that names a person is that person's, and new faces are compared with them:
 *   the nearest such face within the threshold is the suggestion's look-alike (`look_alike_face_id`,
 *   whose box names the person and whose item is the "PHOTO-…" staff are shown).
 * - `face_scans`: which images the job has looked at (and how many faces, or why it could not), so
 *   the backfill knows what is left; switching the job off empties both tables.
 *
 * Both are made again by the job from the images (after a restore, the backfill does it), so the
 * backup leaves them out (server/db/dump.ts, NOT_DUMPED): descriptors are biometric data, kept no
 * longer and in no more places than the suggestions need.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table media_faces (
    id uuid primary key default gen_random_uuid(),
    media_id uuid not null references media_items (id) on delete cascade,
    box_id uuid references person_boxes (id) on delete set null,
    x double precision not null,
    y double precision not null,
    w double precision not null,
    h double precision not null,
    score double precision not null check (score between 0 and 1),
    descriptor real[] not null check (cardinality(descriptor) = 128),
    look_alike_face_id uuid references media_faces (id) on delete set null,
    look_alike_distance real,
    created_at timestamptz not null default now(),
    constraint media_faces_geometry_check check (
      x >= 0 and y >= 0 and w > 0 and h > 0 and x + w <= 1.000001 and y + h <= 1.000001
    )
  )`.execute(db);
  await sql`create index media_faces_media_idx on media_faces (media_id)`.execute(db);
  await sql`create index media_faces_box_idx on media_faces (box_id) where box_id is not null`.execute(db);
  await sql`create index media_faces_look_alike_idx on media_faces (look_alike_face_id) where look_alike_face_id is not null`.execute(
    db,
  );

  await sql`create table face_scans (
    media_id uuid primary key references media_items (id) on delete cascade,
    faces integer not null default 0 check (faces >= 0),
    error text check (error is null or length(error) <= 500),
    scanned_at timestamptz not null default now()
  )`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists face_scans`.execute(db);
  await sql`drop table if exists media_faces`.execute(db);
}
