import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

/**
 * Reserves `length` bytes for `quotaKey` if the sender's uploads and reservations stay within
 * `maxForKey` and everyone's within `maxArea`; answers the reservation's id, or why there is no room.
 * The table lock makes parallel reservations (on any instance) see each other.
 */
export async function reserveUploadRoom(
  db: Db,
  {
    quotaKey,
    length,
    maxForKey,
    maxArea,
  }: { quotaKey: string; length: number; maxForKey: number; maxArea: number },
): Promise<{ id: string } | { refused: 'sender' | 'area' }> {
  return db.transaction().execute(async (trx) => {
    await sql`lock table resumable_uploads in share row exclusive mode`.execute(trx);
    const totals = await trx
      .selectFrom('resumable_uploads')
      .select([
        sql<string>`coalesce(sum(size), 0)`.as('area'),
        sql<string>`coalesce(sum(size) filter (where quota_key = ${quotaKey}), 0)`.as('mine'),
      ])
      .executeTakeFirstOrThrow();
    if (Number(totals.mine) + length > maxForKey) return { refused: 'sender' as const };
    if (Number(totals.area) + length > maxArea) return { refused: 'area' as const };
    const id = `reservation:${randomUUID()}`;
    await trx
      .insertInto('resumable_uploads')
      .values({ id, quota_key: quotaKey, size: length, reservation: true })
      .execute();
    return { id };
  });
}

/** Records a created upload (it counts in place of its reservation from now on). */
export async function recordUpload(db: Db, id: string, quotaKey: string, size: number): Promise<void> {
  await db
    .insertInto('resumable_uploads')
    .values({ id, quota_key: quotaKey, size })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Notes that bytes of the upload arrived (it does not expire for a while yet). */
export async function touchUpload(db: Db, id: string): Promise<void> {
  await db.updateTable('resumable_uploads').set({ touched_at: new Date() }).where('id', '=', id).execute();
}

/** Forgets an upload or a reservation. */
export async function deleteUploadRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('resumable_uploads').where('id', '=', id).execute();
}

/** The uploads (not reservations) untouched since `untouchedSince` or created before `createdBefore`. */
export async function listExpiredUploads(
  db: Db,
  untouchedSince: Date,
  createdBefore: Date,
): Promise<string[]> {
  const rows = await db
    .selectFrom('resumable_uploads')
    .select('id')
    .where('reservation', '=', false)
    .where((eb) => eb.or([eb('touched_at', '<', untouchedSince), eb('created_at', '<', createdBefore)]))
    .execute();
  return rows.map((row) => row.id);
}

/** Removes reservations made before `before` (their process was killed before releasing them). */
export async function deleteReservationsBefore(db: Db, before: Date): Promise<void> {
  await db
    .deleteFrom('resumable_uploads')
    .where('reservation', '=', true)
    .where('created_at', '<', before)
    .execute();
}
