import { type Kysely, sql } from 'kysely';

// Several instances on one database (issue 13 part 7): the room resumable uploads take (declared
// sizes per sender and for the whole area) was read from DATA_DIR/uploads and from reservations
// held in the memory of one process. Each upload, and each room reserved for one being created,
// is now a row here, which every instance reads and writes under one table lock.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table resumable_uploads (
    id text primary key,
    quota_key text not null,
    size bigint not null,
    -- Room held for an upload being created (its row comes once tus has made it).
    reservation boolean not null default false,
    created_at timestamptz not null default now(),
    -- The last byte received (or its creation): an upload untouched for long expires.
    touched_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index resumable_uploads_quota_key on resumable_uploads (quota_key)`.execute(db);
  await sql`create index resumable_uploads_touched_at on resumable_uploads (touched_at)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table resumable_uploads`.execute(db);
}
