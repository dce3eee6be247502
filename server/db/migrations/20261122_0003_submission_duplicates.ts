import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  // A file whose SHA-256 equals an item's or a pending submission's is flagged for staff.
  await sql`alter table submissions add column duplicate_of_media_id uuid references media_items(id) on delete set null`.execute(
    db,
  );
  await sql`alter table submissions add column duplicate_of_submission_id uuid references submissions(id) on delete set null`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table submissions drop column if exists duplicate_of_media_id`.execute(db);
  await sql`alter table submissions drop column if exists duplicate_of_submission_id`.execute(db);
}
