import { type Kysely, sql } from 'kysely';
import { DERIVATIVE_VARIANTS } from './20261122_0002_media_pipeline.ts';

const list = (values: readonly string[]) => sql.join(values.map((v) => sql.lit(v)));
const BEFORE = [...DERIVATIVE_VARIANTS, 'medium'];

/**
 * Issue 27 §5: a sound or video browsers do not play (AVI, WMV, FLV, WMA-like codecs …) gets a
 * playable copy, an H.264/AAC MP4 or an AAC sound, stored as the derivative `playable`. Its making
 * (queued, running with its progress, ready, failed with why) is kept in a table of its own: the
 * progress moves every second or so while ffmpeg runs, and written to media_items it would move
 * the public content's version (migration 0031) each time. Only staff read it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table derivatives drop constraint derivatives_variant_check`.execute(db);
  await sql`alter table derivatives add constraint derivatives_variant_check check (variant in (${list([...BEFORE, 'playable'])}))`.execute(
    db,
  );
  await sql`create table playable_copies (
    media_id uuid primary key references media_items (id) on delete cascade,
    status text not null check (status in ('queued', 'running', 'ready', 'failed')),
    progress real not null default 0 check (progress >= 0 and progress <= 1),
    error text,
    updated_at timestamptz not null default now()
  )`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table playable_copies`.execute(db);
  await sql`delete from derivatives where variant = 'playable'`.execute(db);
  await sql`alter table derivatives drop constraint derivatives_variant_check`.execute(db);
  await sql`alter table derivatives add constraint derivatives_variant_check check (variant in (${list(BEFORE)}))`.execute(
    db,
  );
}
