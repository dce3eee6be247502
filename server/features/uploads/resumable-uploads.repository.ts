import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { UploadPool } from '#server/db/schema.ts';

/**
 * Reserves `length` bytes for `quotaKey` if the sender's uploads and reservations stay within
 * `maxForKey` and those of its pool (the public's or staff's) within `maxArea`; answers the
 * reservation's id, or why there is no room. An upload that has received no byte since before
 * `idleBefore` holds no room (the sweep removes it soon). The table lock makes parallel
 * reservations (on any instance) see each other: the caller gives a transaction, which holds it.
 */
export async function reserveUploadRoom(
  db: Db,
  {
    quotaKey,
    pool,
    length,
    maxForKey,
    maxArea,
    idleBefore,
  }: {
    quotaKey: string;
    pool: UploadPool;
    length: number;
    maxForKey: number;
    maxArea: number;
    idleBefore: Date;
  },
): Promise<{ id: string } | { refused: 'sender' | 'area' }> {
  await sql`lock table resumable_uploads in share row exclusive mode`.execute(db);
  const totals = await db
    .selectFrom('resumable_uploads')
    .select([
      sql<string>`coalesce(sum(size) filter (where pool = ${pool}), 0)`.as('area'),
      sql<string>`coalesce(sum(size) filter (where quota_key = ${quotaKey}), 0)`.as('mine'),
    ])
    .where((eb) =>
      eb.or([
        eb('reservation', '=', true),
        eb('received_at', 'is not', null),
        eb('created_at', '>=', idleBefore),
      ]),
    )
    .executeTakeFirstOrThrow();
  if (Number(totals.mine) + length > maxForKey) return { refused: 'sender' as const };
  if (Number(totals.area) + length > maxArea) return { refused: 'area' as const };
  const id = `reservation:${randomUUID()}`;
  await db
    .insertInto('resumable_uploads')
    .values({ id, quota_key: quotaKey, pool, size: length, reservation: true })
    .execute();
  return { id };
}

/**
 * Records a created upload; it counts in place of its reservation from now on, ended in the same
 * transaction (the caller's: so the sender's next upload never sees both).
 */
export async function recordUpload(
  db: Db,
  upload: {
    id: string;
    quotaKey: string;
    pool: UploadPool;
    size: number;
    received: boolean;
    replaces?: string;
  },
): Promise<void> {
  await db
    .insertInto('resumable_uploads')
    .values({
      id: upload.id,
      quota_key: upload.quotaKey,
      pool: upload.pool,
      size: upload.size,
      received_at: upload.received ? new Date() : null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  if (upload.replaces) await db.deleteFrom('resumable_uploads').where('id', '=', upload.replaces).execute();
}

/** Notes that bytes of the upload arrived (it does not expire for a while yet). */
export async function touchUpload(db: Db, id: string): Promise<void> {
  await db
    .updateTable('resumable_uploads')
    .set({ touched_at: new Date(), received_at: sql`coalesce(received_at, now())` })
    .where('id', '=', id)
    .execute();
}

/** Forgets an upload or a reservation. */
export async function deleteUploadRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('resumable_uploads').where('id', '=', id).execute();
}

/**
 * The uploads (not reservations) untouched since `untouchedSince`, created before `createdBefore`,
 * or created before `idleBefore` without a byte received.
 */
export async function listExpiredUploads(
  db: Db,
  {
    untouchedSince,
    createdBefore,
    idleBefore,
  }: { untouchedSince: Date; createdBefore: Date; idleBefore: Date },
): Promise<string[]> {
  const rows = await db
    .selectFrom('resumable_uploads')
    .select('id')
    .where('reservation', '=', false)
    .where((eb) =>
      eb.or([
        eb('touched_at', '<', untouchedSince),
        eb('created_at', '<', createdBefore),
        eb.and([eb('received_at', 'is', null), eb('created_at', '<', idleBefore)]),
      ]),
    )
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
