import { type Kysely, sql } from 'kysely';

/**
 * Issue 27 §6: "is this file already in the archive?" asks for the oldest item (or pending
 * submission, or document) with the same SHA-256: `where sha256 = $1 order by created_at limit 1`.
 * With only an index on sha256, a planner without fresh statistics (PGlite has no autovacuum; on
 * PostgreSQL a bulk import outruns it) walked the newest-first index of every item instead and
 * filtered: 20 ms a file at 26,000 items and growing with the archive (the 100,000-file import
 * slowed from 40 to 30 files/s). An index on (sha256, created_at) answers the filter and the order
 * at once, a plan no estimate can beat; it replaces the index on sha256 alone.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index media_sha256_oldest_idx on media_items (sha256, created_at)`.execute(db);
  await sql`drop index media_sha256_idx`.execute(db);
  await sql`create index submissions_sha256_oldest_idx on submissions (sha256, created_at)`.execute(db);
  await sql`drop index submissions_sha256_idx`.execute(db);
  await sql`create index documents_sha256_oldest_idx on documents (sha256, created_at)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index documents_sha256_oldest_idx`.execute(db);
  await sql`create index submissions_sha256_idx on submissions (sha256)`.execute(db);
  await sql`drop index submissions_sha256_oldest_idx`.execute(db);
  await sql`create index media_sha256_idx on media_items (sha256)`.execute(db);
  await sql`drop index media_sha256_oldest_idx`.execute(db);
}
