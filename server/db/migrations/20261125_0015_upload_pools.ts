import { type Kysely, sql } from 'kysely';

// Issue 30 B4: ten accounts reserved the whole upload area without sending a byte, and staff's
// uploads were refused with it. Each upload now says whose room it uses (the public's or staff's,
// each with its own cap) and when its first bytes came: one that got none within minutes no longer
// counts and is removed by the sweep.

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table resumable_uploads add column pool text not null default 'public'`.execute(db);
  await sql`alter table resumable_uploads add column received_at timestamptz`.execute(db);
  // Uploads from before: as if bytes had come (they expire by the two-hour rule as before).
  await sql`update resumable_uploads set received_at = touched_at`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table resumable_uploads drop column received_at`.execute(db);
  await sql`alter table resumable_uploads drop column pool`.execute(db);
}
