import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { TranslationsTable } from '../../db/schema.ts';

export type TranslationRow = Selectable<TranslationsTable>;

/** Every translation, ordered by key (the admin table). */
export function listTranslations(db: Db): Promise<TranslationRow[]> {
  return db.selectFrom('translations').selectAll().orderBy('key').execute();
}

/** Just what the public messages need. */
export function listMessageTexts(db: Db) {
  return db
    .selectFrom('translations')
    .select(['key', 'faroese_text', 'english_text'])
    .orderBy('key')
    .execute();
}

/**
 * A fingerprint that changes whenever a row is added, edited or removed: every write sets the
 * row's updated_at, which changes the sum of them all (whichever of two concurrent edits commits
 * last), and a removal changes the count.
 */
export async function getTranslationsVersion(db: Db): Promise<string> {
  const row = await db
    .selectFrom('translations')
    .select([
      sql<number>`count(*)::int`.as('rows'),
      sql<string>`coalesce(sum(extract(epoch from updated_at))::text, '')`.as('latest'),
    ])
    .executeTakeFirstOrThrow();
  return `${row.rows}:${row.latest}`;
}

export function getTranslation(db: Db, id: string): Promise<TranslationRow | undefined> {
  return db.selectFrom('translations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts one row; undefined when the key is taken. */
export function createTranslationRow(
  db: Db,
  values: Insertable<TranslationsTable>,
): Promise<TranslationRow | undefined> {
  return db
    .insertInto('translations')
    .values(values)
    .onConflict((oc) => oc.column('key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function updateTranslationRow(
  db: Db,
  id: string,
  values: Updateable<TranslationsTable>,
): Promise<TranslationRow | undefined> {
  return db
    .updateTable('translations')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteTranslationRow(db: Db, id: string): Promise<TranslationRow | undefined> {
  return db.deleteFrom('translations').where('id', '=', id).returningAll().executeTakeFirst();
}

/** Adds the rows whose key is not there yet and leaves every existing row alone; returns the keys added. */
export async function insertMissingTranslations(
  db: Db,
  rows: Insertable<TranslationsTable>[],
): Promise<string[]> {
  const added: string[] = [];
  // Batches keep each statement well under the bind-parameter limit.
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insertInto('translations')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .execute();
    added.push(...inserted.map((r) => r.key));
  }
  return added;
}
