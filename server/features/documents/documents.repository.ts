import { normalizeDisplayIdQuery } from '#common/display-id.ts';
import { type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { AdminDocumentSort } from '#common/api/documents.ts';
import type { DocumentCategory } from '#common/enums.ts';
import type { Db } from '#server/db/database.ts';
import { containsPattern, countRows, fetchPage, type KeysetOrder } from '#server/db/paging.ts';
import type { DocumentsTable } from '#server/db/schema.ts';

export function getDocument(db: Db, id: string) {
  return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
}

export function getLatestPublicDocument(db: Db, category: DocumentCategory) {
  return db
    .selectFrom('documents')
    .selectAll()
    .where('is_public', '=', true)
    .where('category', '=', category)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function createDocument(db: Db, values: Insertable<DocumentsTable>) {
  return db.insertInto('documents').values(values).returningAll().executeTakeFirstOrThrow();
}

const byCreated = { expr: sql.ref('documents.created_at'), type: 'timestamptz' } as const;
const byId = { expr: sql.ref('documents.id'), type: 'uuid' } as const;

/** The documents screen's sorts as keyset orders. */
export const ADMIN_DOCUMENT_ORDERS: Record<AdminDocumentSort, KeysetOrder> = {
  newest: { keys: [byCreated, byId], direction: 'desc' },
  oldest: { keys: [byCreated, byId], direction: 'asc' },
  title: { keys: [{ expr: sql`lower(documents.title)`, type: 'text' }, byId], direction: 'asc' },
  downloads: {
    keys: [{ expr: sql.ref('documents.download_count'), type: 'integer' }, byId],
    direction: 'desc',
  },
};

/** A page of every document (public or not), and how many match. */
export async function listAdminDocuments(
  db: Db,
  filters: { q?: string; category?: DocumentCategory },
  sort: AdminDocumentSort,
  cursor: string | undefined,
  limit: number,
) {
  let query = db.selectFrom('documents').selectAll('documents');
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    query = query.where(
      sql<SqlBool>`(documents.title ilike ${pattern} or documents.description ilike ${pattern} or documents.file_name ilike ${pattern} or documents.display_id = ${normalizeDisplayIdQuery(filters.q)})`,
    );
  }
  if (filters.category) query = query.where('documents.category', '=', filters.category);
  const [page, total] = await Promise.all([
    fetchPage(query, ADMIN_DOCUMENT_ORDERS[sort], cursor, limit),
    countRows(query),
  ]);
  return { ...page, total };
}

/** The documents screen's tiles, counted by the database in one statement. */
export function getDocumentStats(db: Db) {
  return db
    .selectFrom('documents')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where is_public)`.as('public'),
      sql<string>`count(*) filter (where is_featured)`.as('featured'),
      sql<string>`coalesce(sum(download_count), 0)`.as('downloads'),
    ])
    .executeTakeFirstOrThrow();
}

export type DocumentStatsRow = Awaited<ReturnType<typeof getDocumentStats>>;

/** A document locked until the transaction ends (an edit and a delete never cross). */
export function getDocumentForUpdate(db: Db, id: string) {
  return db.selectFrom('documents').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateDocument(db: Db, id: string, values: Updateable<DocumentsTable>) {
  return db
    .updateTable('documents')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function deleteDocument(db: Db, id: string) {
  return db.deleteFrom('documents').where('id', '=', id).returning(['id', 'file_key']).executeTakeFirst();
}

/**
 * One more download, in one statement (two at once never lose one), answering the new count;
 * undefined when there is no such document, or with `publicOnly` (a visitor's download) when it is
 * not public. A staff download counts whether the document is public or not.
 */
export async function incrementDocumentDownloads(
  db: Db,
  id: string,
  { publicOnly }: { publicOnly: boolean },
) {
  let query = db
    .updateTable('documents')
    .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
    .where('id', '=', id);
  if (publicOnly) query = query.where('is_public', '=', true);
  const row = await query.returning('download_count').executeTakeFirst();
  return row?.download_count;
}
