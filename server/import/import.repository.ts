import { sql } from 'kysely';
/**
 * The lookups of `npm run import` (run-import.ts) that no feature's public file offers: the import
 * writes through the media, folder and category services and only finds things here.
 */
import type { Db } from '#server/db/database.ts';
import type { ProcessingStatus } from '#server/db/schema.ts';

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

/**
 * Of these items (by display id), those no longer waiting for their derivatives: made (`ready`),
 * `failed`, or gone (deleted meanwhile: status null). One parameter however many are asked about,
 * and a row only for what changed, so a poll makes little garbage.
 */
export function listFinished(db: Db, displayIds: string[]) {
  return sql<{
    display_id: string;
    processing_status: ProcessingStatus | null;
    processing_error: string | null;
  }>`
    select w.display_id, m.processing_status, m.processing_error
    from unnest(${displayIds}::text[]) as w(display_id)
    left join media_items m on m.display_id = w.display_id
    where m.processing_status is distinct from 'pending'`
    .execute(db)
    .then((result) => result.rows);
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
