import type { Db } from '#server/db/database.ts';

/**
 * Claims a finished upload for one submission. True for the first caller only: the primary key
 * makes parallel claims (a double click, a retried request, another instance) lose atomically.
 */
export async function createUploadClaim(db: Db, uploadId: string): Promise<boolean> {
  const row = await db
    .insertInto('upload_claims')
    .values({ upload_id: uploadId })
    .onConflict((oc) => oc.column('upload_id').doNothing())
    .returning('upload_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives a claim back (the claim failed before a submission was made, so a retry may claim it). */
export async function deleteUploadClaim(db: Db, uploadId: string): Promise<void> {
  await db.deleteFrom('upload_claims').where('upload_id', '=', uploadId).execute();
}

/** Records, in the transaction that made the upload's row, that the upload became it. */
export async function markUploadClaimSent(trx: Db, uploadId: string): Promise<void> {
  await trx
    .updateTable('upload_claims')
    .set({ sent_at: new Date() })
    .where('upload_id', '=', uploadId)
    .execute();
}

/**
 * Gives back the claims whose work never committed and is no longer under way (its process was
 * killed): all of them (`before` absent) or those made before `before`. Returns how many.
 */
export async function releaseUnsentUploadClaims(db: Db, before?: Date): Promise<number> {
  let query = db.deleteFrom('upload_claims').where('sent_at', 'is', null);
  if (before) query = query.where('claimed_at', '<', before);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Claims older than the uploads they were for (those are gone by then). */
export async function deleteUploadClaimsBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('upload_claims').where('claimed_at', '<', before).execute();
}
