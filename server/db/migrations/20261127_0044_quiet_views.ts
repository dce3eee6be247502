import { type Kysely, sql } from 'kysely';

/**
 * Issue 31 §4: a view no longer moves the public content's version (migration 0031), so it no
 * longer drops every kept answer (the home page's, every search's, every item's): under a crowd
 * each counted view used to, and the kept answers barely lived.
 *
 * - A counted view is one row in `media_view_queue` (its item, the visitor's user agent, whether
 *   the picture shown carried the watermark, when). server/features/media/view-counts.ts moves the
 *   queue into `media_items.view_count` and `media_usage_log` every few seconds, in one statement,
 *   whichever instance does it: the rows are in the database, so nothing is lost at shutdown, in
 *   a crash or between instances.
 * - The version triggers of `media_items` and `public_totals` ignore an update that changes only
 *   the view count (the item's `view_count`, the totals' `views`): whoever writes it. The view
 *   counts kept answers show are then refreshed by an explicit bump at most once a minute
 *   (view-counts.ts), not by every view.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table media_view_queue (
    id bigint generated always as identity primary key,
    media_item_id uuid not null references media_items(id) on delete cascade,
    user_agent text,
    watermarked boolean not null default false,
    viewed_at timestamptz not null default now()
  )`.execute(db);
  // A view's answer adds the item's views still queued (and a deleted item's rows go with it).
  await sql`create index media_view_queue_media_idx on media_view_queue (media_item_id)`.execute(db);

  // The version trigger of 0031, split: an insert or a delete always moves it; an update unless
  // the view count is all it changed (the jsonb of the row is compared only when it did change).
  await sql`drop trigger media_items_data_version on media_items`.execute(db);
  await sql`create constraint trigger media_items_data_version
    after insert or delete on media_items
    deferrable initially deferred
    for each row execute function bump_data_version()`.execute(db);
  await sql`create constraint trigger media_items_data_version_update
    after update on media_items
    deferrable initially deferred
    for each row
    when (old.view_count is not distinct from new.view_count
      or (to_jsonb(old) - 'view_count') is distinct from (to_jsonb(new) - 'view_count'))
    execute function bump_data_version()`.execute(db);
  await sql`drop trigger public_totals_data_version on public_totals`.execute(db);
  await sql`create constraint trigger public_totals_data_version
    after insert or delete on public_totals
    deferrable initially deferred
    for each row execute function bump_data_version()`.execute(db);
  await sql`create constraint trigger public_totals_data_version_update
    after update on public_totals
    deferrable initially deferred
    for each row
    when (old.views is not distinct from new.views
      or (to_jsonb(old) - 'views') is distinct from (to_jsonb(new) - 'views'))
    execute function bump_data_version()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['media_items', 'public_totals']) {
    await sql`drop trigger ${sql.id(`${table}_data_version_update`)} on ${sql.id(table)}`.execute(db);
    await sql`drop trigger ${sql.id(`${table}_data_version`)} on ${sql.id(table)}`.execute(db);
    await sql`create constraint trigger ${sql.id(`${table}_data_version`)}
      after insert or update or delete on ${sql.id(table)}
      deferrable initially deferred
      for each row execute function bump_data_version()`.execute(db);
  }
  // Views still queued are counted before the queue goes.
  await sql`update media_items m set view_count = m.view_count + q.n
    from (select media_item_id, count(*)::int as n from media_view_queue group by 1) q
    where m.id = q.media_item_id`.execute(db);
  await sql`insert into media_usage_log (media_item_id, action, user_agent, watermarked, created_at)
    select media_item_id, 'view', user_agent, watermarked, viewed_at from media_view_queue order by id`.execute(
    db,
  );
  await sql`drop table media_view_queue`.execute(db);
}
