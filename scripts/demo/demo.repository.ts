/**
 * The queries of the demo seed (seed.ts) that no feature repository has: the seed writes through
 * the services, and only checks, sums up and (after a failure) undoes here.
 */
import { sql } from 'kysely';
import type { MediaType } from '#common/enums.ts';
import { type Db, toNumber } from '#server/db/database.ts';
import { getDocument } from '#server/features/documents/documents.public.ts';
import { listDerivativesOf } from '#server/media/derivatives/derivatives.repository.ts';

/** What one seed run has created so far, so a failed run can remove it again. */
export interface SeededRows {
  userId?: string;
  categoryIds: string[];
  mediaIds: string[];
  documentId?: string;
  slideshowId?: string;
}

/** How many media items the archive has (the seed only fills an empty archive). */
export async function countMedia(db: Db): Promise<number> {
  const row = await db
    .selectFrom('media_items')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return toNumber(row.n);
}

/** The id of the category with exactly this name, if there is one (reused by a forced run). */
export function getCategoryIdByName(db: Db, name: string) {
  return db.selectFrom('categories').select('id').where('name', '=', name).executeTakeFirst();
}

/** The active admin who has been there longest, whom the demo content is attributed to. */
export function getOldestActiveAdmin(db: Db) {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('role', '=', 'admin')
    .where('is_active', '=', true)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
}

/** Where the processing of these items stands (and why it failed, when it did). */
export function listMediaProcessing(db: Db, ids: string[]) {
  return db
    .selectFrom('media_items')
    .select(['id', 'title', 'processing_status', 'processing_error'])
    .where('id', 'in', ids)
    .execute();
}

/** The type of each of these items, which decides the derivatives it must have. */
export function listMediaTypes(db: Db, ids: string[]) {
  return db
    .selectFrom('media_items')
    .select(['id', 'title', 'media_type', 'mime_type'])
    .where('id', 'in', ids)
    .execute();
}

/** How many of these items there are of each type (every type present, 0 when none). */
export async function countMediaByType(db: Db, ids: string[]): Promise<Record<MediaType, number>> {
  const rows = await db
    .selectFrom('media_items')
    .select(['media_type', (eb) => eb.fn.countAll().as('n')])
    .where('id', 'in', ids)
    .groupBy('media_type')
    .execute();
  const counts: Record<MediaType, number> = { image: 0, video: 0, audio: 0, document: 0 };
  for (const row of rows) counts[row.media_type] = toNumber(row.n);
  return counts;
}

/**
 * Deletes, best effort, the rows of everything a run created: the slideshow, the document, the
 * media items with their derivatives and queued jobs, the categories, the activity entries about
 * all of these and the demo account. Answers the keys of the stored files those rows pointed to, for the caller to
 * delete from the file store.
 */
export async function deleteSeededRows(db: Db, created: SeededRows): Promise<string[]> {
  const attempt = async (what: () => Promise<unknown>) => {
    try {
      await what();
    } catch {
      // best effort: carry on with the rest
    }
  };
  const fileKeys: string[] = [];
  if (created.slideshowId) {
    const id = created.slideshowId;
    await attempt(() => db.deleteFrom('slideshows').where('id', '=', id).execute());
  }
  if (created.documentId) {
    const id = created.documentId;
    const row = await getDocument(db, id).catch(() => undefined);
    await attempt(() => db.deleteFrom('documents').where('id', '=', id).execute());
    if (row) fileKeys.push(row.file_key);
  }
  if (created.mediaIds.length > 0) {
    const ids = created.mediaIds;
    await attempt(() => db.deleteFrom('jobs').where(sql<string>`payload->>'ownerId'`, 'in', ids).execute());
    const keys = [
      ...(await listDerivativesOf(db, 'media', ids).catch(() => [])),
      ...(await db
        .selectFrom('media_items')
        .select('file_key')
        .where('id', 'in', ids)
        .execute()
        .catch(() => [])),
    ].map((r) => r.file_key);
    await attempt(() =>
      db.deleteFrom('derivatives').where('owner_type', '=', 'media').where('owner_id', 'in', ids).execute(),
    );
    await attempt(() => db.deleteFrom('media_items').where('id', 'in', ids).execute());
    fileKeys.push(...keys);
  }
  if (created.categoryIds.length > 0) {
    await attempt(() => db.deleteFrom('categories').where('id', 'in', created.categoryIds).execute());
  }
  // Every service the seed calls logs what it created (categories, media, the document, the slideshow).
  const resources = [
    ...created.categoryIds,
    ...created.mediaIds,
    created.documentId,
    created.slideshowId,
  ].filter((id): id is string => !!id);
  if (resources.length > 0) {
    await attempt(() => db.deleteFrom('activity_logs').where('resource_id', 'in', resources).execute());
  }
  if (created.userId) {
    const id = created.userId;
    await attempt(() => db.deleteFrom('users').where('id', '=', id).execute());
  }
  return fileKeys;
}
