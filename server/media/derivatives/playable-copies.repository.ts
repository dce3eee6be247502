import type { Db } from '#server/db/database.ts';
import type { PlayableCopyStatus } from '#server/db/schema.ts';
import { createJob } from '#server/jobs/jobs.repository.ts';

export const PLAYABLE_COPY_JOB = 'playable-copy';

export interface PlayableCopyPayload {
  mediaId: string;
}

/**
 * Queues the making of an item's playable copy, unless it has one or one is being made: the
 * derivatives job asks each time it runs (a new poster, a watermark remade after a rights change).
 * Returns whether a job was queued. Several statements: the caller gives a transaction, so the
 * row and its job are written together.
 */
export async function queuePlayableCopy(db: Db, mediaId: string): Promise<boolean> {
  const made = await db
    .selectFrom('derivatives')
    .select('id')
    .where('owner_type', '=', 'media')
    .where('owner_id', '=', mediaId)
    .where('variant', '=', 'playable')
    .executeTakeFirst();
  if (made) return false;
  const row = await db
    .insertInto('playable_copies')
    .values({ media_id: mediaId, status: 'queued', progress: 0, error: null })
    .onConflict((oc) =>
      oc
        .column('media_id')
        .doUpdateSet({ status: 'queued', progress: 0, error: null, updated_at: new Date() })
        .where('playable_copies.status', 'not in', ['queued', 'running']),
    )
    .returning('media_id')
    .executeTakeFirst();
  if (!row) return false;
  const payload: PlayableCopyPayload = { mediaId };
  await createJob(db, PLAYABLE_COPY_JOB, { ...payload }, { maxAttempts: 2 });
  return true;
}

export async function setPlayableCopy(
  db: Db,
  mediaId: string,
  values: { status: PlayableCopyStatus; progress?: number; error?: string | null },
): Promise<void> {
  await db
    .updateTable('playable_copies')
    .set({ ...values, updated_at: new Date() })
    .where('media_id', '=', mediaId)
    .execute();
}

/** How far the running copy has come (0…1); written only while it runs. */
export async function setPlayableProgress(db: Db, mediaId: string, progress: number): Promise<void> {
  await db
    .updateTable('playable_copies')
    .set({ progress, updated_at: new Date() })
    .where('media_id', '=', mediaId)
    .where('status', '=', 'running')
    .execute();
}

export async function deletePlayableCopy(db: Db, mediaId: string): Promise<void> {
  await db.deleteFrom('playable_copies').where('media_id', '=', mediaId).execute();
}

/** The copies' states of several items (a page of media management). */
export async function listPlayableCopiesOf(db: Db, mediaIds: string[]) {
  if (mediaIds.length === 0) return [];
  return db
    .selectFrom('playable_copies')
    .select(['media_id', 'status', 'progress', 'error'])
    .where('media_id', 'in', mediaIds)
    .execute();
}
