import { sql } from 'kysely';
/**
 * The lookups of `npm run import` (run-import.ts) that no feature's public file offers: the import
 * writes through the media, folder and category services and only finds things here.
 */
import type { Db } from '#server/db/database.ts';

/** The item holding exactly these bytes (its original's SHA-256), if the archive has one. */
export function findMediaBySha256(db: Db, sha256: string) {
  return db
    .selectFrom('media_items')
    .select(['id', 'display_id'])
    .where('sha256', '=', sha256)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
}

/** The document (the header's files) holding exactly these bytes, if the archive has one. */
export function findDocumentBySha256(db: Db, sha256: string) {
  return db
    .selectFrom('documents')
    .select(['id', 'display_id'])
    .where('sha256', '=', sha256)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
}

/** The folder with exactly this name (the oldest, should there be several). */
export function getFolderIdByName(db: Db, name: string) {
  return db
    .selectFrom('folders')
    .select('id')
    .where('name', '=', name)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
}

/** The place of the list with this Faroese name, without regard to case (names are unique so). */
export function getPlaceIdByName(db: Db, name: string) {
  return db
    .selectFrom('places')
    .select('id')
    .where(sql`lower(name_fo)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

/** The category with exactly this name (the oldest, should there be several). */
export function getCategoryIdByName(db: Db, name: string) {
  return db
    .selectFrom('categories')
    .select('id')
    .where('name', '=', name)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
}

/** Where the derivatives of these items (by display id) stand. */
export async function listProcessing(db: Db, displayIds: string[]) {
  const rows = [];
  // In slices of a thousand: a query has at most 65,535 parameters.
  for (let i = 0; i < displayIds.length; i += 1000) {
    rows.push(
      ...(await db
        .selectFrom('media_items')
        .select(['id', 'display_id', 'processing_status', 'processing_error'])
        .where('display_id', 'in', displayIds.slice(i, i + 1000))
        .execute()),
    );
  }
  return rows;
}

/** An account by e-mail, for `--as`. */
export function getAccountByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'is_active'])
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** The active admin who has been there longest: whom an import without `--as` is recorded under. */
export function getOldestActiveAdmin(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'is_active'])
    .where('role', '=', 'admin')
    .where('is_active', '=', true)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
}
