import { type Kysely, sql } from 'kysely';

/**
 * The staff media list's search (title, description or photographer containing the words,
 * admin-back-office.md §5) read every item: 1.1 s at 1,000,000 items. A trigram index over the
 * three fields, joined by a newline, lets it read only the items that can match; the query then
 * checks each field on its own, so what matches is unchanged (listAdminMedia, checked by EXPLAIN
 * in admin-media-indexes.test.ts). The expression must stay the same as ADMIN_SEARCH_TEXT there.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists media_admin_search_trgm_idx on media_items using gin (
    (title || E'\n' || coalesce(description, '') || E'\n' || coalesce(photographer, '')) gin_trgm_ops)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists media_admin_search_trgm_idx`.execute(db);
}
