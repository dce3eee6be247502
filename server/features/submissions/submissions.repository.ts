import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SubmissionsTable } from '../../db/schema.ts';

export function createSubmission(db: Db, values: Insertable<SubmissionsTable>) {
  return db.insertInto('submissions').values(values).returningAll().executeTakeFirstOrThrow();
}

export function getSubmission(db: Db, id: string) {
  return db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An item or a pending submission with the same bytes, for the duplicate flag. */
export async function findDuplicates(db: Db, sha256: string) {
  const media = await db
    .selectFrom('media_items')
    .select('id')
    .where('sha256', '=', sha256)
    .limit(1)
    .executeTakeFirst();
  const submission = await db
    .selectFrom('submissions')
    .select('id')
    .where('sha256', '=', sha256)
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return { mediaId: media?.id ?? null, submissionId: submission?.id ?? null };
}

/** The contributor's own submissions, newest first, at most `limit`. */
export function listOwnSubmissions(db: Db, userId: string, limit: number) {
  return db
    .selectFrom('submissions')
    .selectAll()
    .where('submitted_by', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Counts by status, submissions of the last `days` days, and views of the approved items. */
export async function getContributorTotals(db: Db, userId: string, days: number) {
  const row = await db
    .selectFrom('submissions')
    .leftJoin('media_items', 'media_items.id', 'submissions.approved_media_id')
    .where('submissions.submitted_by', '=', userId)
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where submissions.status = 'approved')`.as('approved'),
      sql<string>`count(*) filter (where submissions.status = 'pending')`.as('pending'),
      sql<string>`count(*) filter (where submissions.status = 'rejected')`.as('rejected'),
      sql<string>`count(*) filter (where submissions.created_at > now() - make_interval(days => ${days}))`.as(
        'recent',
      ),
      sql<string>`coalesce(sum(media_items.view_count) filter (where submissions.status = 'approved'), 0)`.as(
        'views',
      ),
    ])
    .executeTakeFirstOrThrow();
  const n = (v: unknown) => Number(v ?? 0);
  return {
    total: n(row.total),
    approved: n(row.approved),
    pending: n(row.pending),
    rejected: n(row.rejected),
    recent: n(row.recent),
    views: n(row.views),
  };
}

export type SubmissionRow = Selectable<SubmissionsTable>;
