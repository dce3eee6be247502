import { normalizeDisplayIdQuery } from '#common/display-id.ts';
import { type Insertable, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import type { SubmissionStatus } from '#common/enums.ts';
import type { Db } from '#server/db/database.ts';
import { containsPattern, countRows, fetchPage, type KeysetOrder } from '#server/db/paging.ts';
import type { SubmissionsTable } from '#server/db/schema.ts';

export function createSubmission(db: Db, values: Insertable<SubmissionsTable>) {
  return db.insertInto('submissions').values(values).returningAll().executeTakeFirstOrThrow();
}

export function getSubmission(db: Db, id: string) {
  return db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Sets a reviewed status only if the submission still has the status the reviewer saw: of two
 * parallel reviews one changes the row and the other gets undefined (on PostgreSQL the second
 * waits for the first's row lock, then finds the status changed).
 */
export function updateSubmissionReview(
  db: Db,
  id: string,
  expectedStatus: SubmissionStatus,
  values: Pick<Updateable<SubmissionsTable>, 'status' | 'review_notes' | 'reviewed_by' | 'approved_media_id'>,
) {
  return db
    .updateTable('submissions')
    .set({ ...values, reviewed_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', expectedStatus)
    .returningAll()
    .executeTakeFirst();
}

/** The bytes the files of pending submissions take together. */
export async function sumPendingSubmissionBytes(db: Db): Promise<number> {
  const row = await db
    .selectFrom('submissions')
    .select(sql<string>`coalesce(sum(file_size), 0)`.as('bytes'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** Pending submissions sent since `since`, oldest first (the staff notice's list). */
export function listPendingSubmissionsSince(db: Db, since: Date) {
  return db
    .selectFrom('submissions')
    .select(['display_id', 'title', 'submitter_name'])
    .where('status', '=', 'pending')
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .execute();
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

// ---- staff review: list, stats, delete ----

/** Newest first; the id breaks ties (index submissions_created_idx). */
const NEWEST: KeysetOrder = {
  keys: [
    { expr: sql.ref('submissions.created_at'), type: 'timestamptz' },
    { expr: sql.ref('submissions.id'), type: 'uuid' },
  ],
  direction: 'desc',
};

export interface SubmissionFilters {
  q?: string;
  status?: SubmissionStatus;
}

/** Submissions with their reviewer, their approved item and their derivative keys. */
function staffSubmissions(db: Db) {
  return db
    .selectFrom('submissions')
    .leftJoin('users as reviewer', 'reviewer.id', 'submissions.reviewed_by')
    .leftJoin('media_items as approved', 'approved.id', 'submissions.approved_media_id')
    .selectAll('submissions')
    .select([
      'reviewer.full_name as reviewer_full_name',
      'reviewer.email as reviewer_email',
      'approved.id as approved_id',
      'approved.view_count as approved_view_count',
      derivativeKey('thumb').as('thumb_key'),
      derivativeKey('display').as('display_key'),
    ]);
}

/** The stored key of one of the submission's derivatives, if the job has made it. */
function derivativeKey(variant: 'thumb' | 'display') {
  return sql<
    string | null
  >`(select d.file_key from derivatives d where d.owner_type = 'submission' and d.owner_id = submissions.id and d.variant = ${variant} limit 1)`;
}

/** A page of submissions, newest first, and how many match. */
export async function listSubmissions(
  db: Db,
  filters: SubmissionFilters,
  cursor: string | undefined,
  limit: number,
) {
  let query = staffSubmissions(db);
  if (filters.status) query = query.where('submissions.status', '=', filters.status);
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    query = query.where(
      sql<SqlBool>`(submissions.title ilike ${pattern} or submissions.submitter_name ilike ${pattern} or submissions.submitter_email ilike ${pattern} or submissions.display_id = ${normalizeDisplayIdQuery(filters.q)})`,
    );
  }
  const [page, total] = await Promise.all([fetchPage(query, NEWEST, cursor, limit), countRows(query)]);
  return { ...page, total };
}

export function getStaffSubmission(db: Db, id: string) {
  return staffSubmissions(db).where('submissions.id', '=', id).executeTakeFirst();
}

export type StaffSubmissionRow = NonNullable<Awaited<ReturnType<typeof getStaffSubmission>>>;

/** Counts by status and of the last `days` days. */
export function countSubmissions(db: Db, days: number) {
  return db
    .selectFrom('submissions')
    .select([
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where status = 'pending')`.as('pending'),
      sql<string>`count(*) filter (where status = 'approved')`.as('approved'),
      sql<string>`count(*) filter (where status = 'rejected')`.as('rejected'),
      sql<string>`count(*) filter (where created_at > now() - make_interval(days => ${days}))`.as('recent'),
    ])
    .executeTakeFirstOrThrow();
}

export type SubmissionCountsRow = Awaited<ReturnType<typeof countSubmissions>>;

/** Deletes the submission's derivative rows; returns their file keys. */
export async function deleteSubmissionDerivatives(db: Db, id: string) {
  const rows = await db
    .deleteFrom('derivatives')
    .where('owner_type', '=', 'submission')
    .where('owner_id', '=', id)
    .returning('file_key')
    .execute();
  return rows.map((row) => row.file_key);
}

/** Deletes the row; returns it (undefined when it was already gone). */
export function deleteSubmission(db: Db, id: string) {
  return db.deleteFrom('submissions').where('id', '=', id).returningAll().executeTakeFirst();
}
