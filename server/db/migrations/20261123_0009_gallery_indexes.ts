import { type Kysely, sql } from 'kysely';

/**
 * The public gallery's category filter (newest and oldest first) and its featured strip, each an
 * index walk in its own order, checked by EXPLAIN in gallery-indexes.test.ts. Before, a small
 * category was read through media_category_idx and sorted, a large one by walking all public items
 * newest first and skipping the others, and the strip sorted its ties by id (its index had no id).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists media_public_category_created_idx
    on media_items (category_id, created_at desc, id desc) where is_public`.execute(db);
  await sql`create index if not exists media_public_featured_idx
    on media_items (created_at desc, id desc) where is_public and is_featured`.execute(db);
  await sql`drop index if exists media_featured_idx`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists media_featured_idx on media_items (created_at desc)
    where is_public and is_featured`.execute(db);
  await sql`drop index if exists media_public_featured_idx`.execute(db);
  await sql`drop index if exists media_public_category_created_idx`.execute(db);
}
