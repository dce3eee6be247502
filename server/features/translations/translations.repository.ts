import { type Insertable, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import type { TranslationStatus } from '#common/translations.ts';
import { containsPattern, countRows, fetchPage, type KeysetOrder } from '#server/db/paging.ts';
import type { Db } from '#server/db/database.ts';
import type { TranslationsTable } from '#server/db/schema.ts';

export type TranslationRow = Selectable<TranslationsTable>;

export interface TranslationFilters {
  q?: string;
  status?: TranslationStatus;
  component?: string;
  missingEnglish?: boolean;
}

const BY_KEY: KeysetOrder = { keys: [{ expr: sql.ref('translations.key'), type: 'text' }], direction: 'asc' };

/** A page of the admin table, ordered by key (unique), and how many rows match. */
export async function listTranslations(
  db: Db,
  filters: TranslationFilters,
  cursor: string | undefined,
  limit: number,
) {
  let query = db.selectFrom('translations').selectAll();
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.component) query = query.where('component', '=', filters.component);
  if (filters.missingEnglish) {
    query = query.where((eb) => eb.or([eb('english_text', 'is', null), eb('english_text', '=', '')]));
  }
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    query = query.where(
      sql<SqlBool>`(key ilike ${pattern} or faroese_text ilike ${pattern} or english_text ilike ${pattern})`,
    );
  }
  const [page, total] = await Promise.all([fetchPage(query, BY_KEY, cursor, limit), countRows(query)]);
  return { ...page, total };
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
export function createTranslation(
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

export function updateTranslation(
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

export async function deleteTranslation(db: Db, id: string): Promise<TranslationRow | undefined> {
  return db.deleteFrom('translations').where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Gives each key its new default Faroese text where its row still holds the former default (an
 * admin's edit is kept); returns the keys changed.
 */
export async function replaceFormerDefaults(
  db: Db,
  changes: { key: string; from: string; to: string }[],
): Promise<string[]> {
  const changed: string[] = [];
  for (const { key, from, to } of changes) {
    const rows = await db
      .updateTable('translations')
      .set({ faroese_text: to, updated_at: sql`now()` })
      .where('key', '=', key)
      .where('faroese_text', '=', from)
      .returning('key')
      .execute();
    changed.push(...rows.map((r) => r.key));
  }
  return changed;
}

/** Adds the rows whose key is not there yet and leaves every existing row alone; returns the keys added. */
export async function createMissingTranslations(
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

/** The counts of the admin screen's stats in one pass, and the components in use. */
export async function getTranslationStats(db: Db) {
  const counts = await db
    .selectFrom('translations')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where status = 'complete'))::int`.as('complete'),
      sql<number>`(count(*) filter (where status = 'incomplete'))::int`.as('incomplete'),
      sql<number>`(count(*) filter (where status = 'needs_review'))::int`.as('needs_review'),
      sql<number>`(count(*) filter (where english_text is null or english_text = ''))::int`.as(
        'missing_english',
      ),
    ])
    .executeTakeFirstOrThrow();
  const components = await db
    .selectFrom('translations')
    .select('component')
    .distinct()
    .where('component', 'is not', null)
    .where('component', '<>', '')
    .orderBy('component')
    .execute();
  return { ...counts, components: components.map((r) => r.component as string) };
}
