import { type Kysely, sql } from 'kysely';

/**
 * Issue 26: a sound's or video's length, in seconds, as ffprobe reads it when the derivatives job
 * makes its poster or waveform (null until then, or without ffmpeg). IIIF manifests give each
 * sound and video canvas its duration from it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table media_items add column duration_seconds double precision`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table media_items drop column duration_seconds`.execute(db);
}
