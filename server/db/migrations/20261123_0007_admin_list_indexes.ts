import { type Kysely, sql } from 'kysely';

// The staff media list sorts every item, private ones too, by each of its orders; the gallery's
// indexes are partial (public items only), so at 100,000 items each page sorted the whole table
// (200 ms on PostgreSQL). One index per order makes a page a short index walk.
const INDEXES = {
  media_all_created_idx: sql`(created_at desc, id desc)`,
  media_all_title_idx: sql`(lower(title), id)`,
  media_all_views_idx: sql`(view_count desc, id desc)`,
  media_all_featured_idx: sql`((is_featured::int) desc, created_at desc, id desc)`,
};

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) {
    await sql`create index if not exists ${sql.id(name)} on media_items ${columns}`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(INDEXES)) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}
