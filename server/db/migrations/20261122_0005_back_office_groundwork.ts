import { type Kysely, sql } from 'kysely';

/** Activity names before the one `<resource>.<verb>` style of common/activity.ts. */
const RENAMED_ACTIONS: [string, string][] = [
  ['category_created', 'category.created'],
  ['slideshow_created', 'slideshow.created'],
  ['settings_updated', 'settings.updated'],
  ['translation_created', 'translation.created'],
  ['translation_updated', 'translation.updated'],
  ['translation_deleted', 'translation.deleted'],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  // The watermark in force when the file was sent (the columns a media item records), so that
  // approval later makes the item with it, not with whatever the settings say by then. Null on
  // submissions made before: those take the settings in force at approval, as they did.
  await sql`alter table submissions add column watermark jsonb`.execute(db);
  // A finished upload becomes one submission: the first request to claim it wins, atomically,
  // on every engine and instance (parallel claims used to make one submission each).
  await sql`create table upload_claims (
    upload_id text primary key,
    claimed_at timestamptz not null default now()
  )`.execute(db);
  for (const [from, to] of RENAMED_ACTIONS) {
    await sql`update activity_logs set action = ${to} where action = ${from}`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const [from, to] of RENAMED_ACTIONS) {
    await sql`update activity_logs set action = ${from} where action = ${to}`.execute(db);
  }
  await sql`drop table upload_claims`.execute(db);
  await sql`alter table submissions drop column watermark`.execute(db);
}
