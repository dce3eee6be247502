import { type Kysely, sql } from 'kysely';
import { readOriginalDate } from '../../../common/dates/read-date.ts';

/**
 * Issue 28: an original date is kept as written and, beside it, as understood (common/dates): its
 * EDTF and its first and last day, for sorting by date taken and for browsing by period. Existing
 * dates are read here; what cannot be read keeps its text with no EDTF, and staff find those by
 * `original_date is not null and original_date_edtf is null`. Never a default year for the undated.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the untyped schema
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['media_items', 'submissions']) {
    await sql`alter table ${sql.table(table)} add column original_date_edtf text`.execute(db);
    await sql`alter table ${sql.table(table)} add column original_date_earliest date`.execute(db);
    await sql`alter table ${sql.table(table)} add column original_date_latest date`.execute(db);
    await understandExisting(db, table);
  }
  // The gallery's "by original date" (server/features/gallery/gallery.repository.ts DAY_TAKEN).
  await sql`create index media_items_public_taken_idx on media_items
    ((coalesce(original_date_earliest - date '0001-01-01', 2147483647)), id) where is_public`.execute(db);
}

/** Reads every written date of `table`, a page of 1,000 at a time. */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function understandExisting(db: Kysely<any>, table: string): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; original_date: string }>`
      select id::text as id, original_date from ${sql.table(table)}
      where original_date is not null and id::text > ${after} order by id::text limit 1000`.execute(db);
    for (const row of rows) {
      const reading = readOriginalDate(row.original_date);
      if (!reading.ok) continue;
      const { edtf, earliest, latest } = reading.date;
      await sql`update ${sql.table(table)} set original_date_edtf = ${edtf},
        original_date_earliest = ${earliest}::date, original_date_latest = ${latest}::date
        where id::text = ${row.id}`.execute(db);
    }
    if (rows.length < 1000) return;
    after = rows[rows.length - 1]!.id;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index media_items_public_taken_idx`.execute(db);
  for (const table of ['media_items', 'submissions']) {
    await sql`alter table ${sql.table(table)} drop column original_date_latest`.execute(db);
    await sql`alter table ${sql.table(table)} drop column original_date_earliest`.execute(db);
    await sql`alter table ${sql.table(table)} drop column original_date_edtf`.execute(db);
  }
}
