import { createReadStream } from 'node:fs';
import type { z } from 'zod';
import type { ContributorDashboard, createSubmissionBody, SubmissionSummary } from '../../../common/api.ts';
import { contributionScore, nextGoal, successRate } from '../../../common/contributor.ts';
import { CONTRIBUTOR_SUBMISSIONS_LIMIT, RECENT_DAYS } from '../../../common/limits.ts';
import type { Actor } from '../../../common/permissions.ts';
import { authorize } from '../../http/authorize.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { consumeRateLimit } from '../../http/rate-limit.ts';
import { createJob } from '../../jobs/jobs.repository.ts';
import { DERIVATIVES_JOB } from '../../media/derivatives/make-derivatives.ts';
import { ingestFile, recordStoredFile } from '../../media/ingest/ingest-file.ts';
import { newBlobKey } from '../../storage/blob-store.ts';
import { createActivity } from '../activity/activity.repository.ts';
import { createMedia } from '../media/media.repository.ts';
import { currentWatermarkColumns } from '../settings/current-watermark.ts';
import { NOTIFY_STAFF_JOB, NOTIFY_SUBMITTER_JOB, scheduleStaffNotice } from './submission-notices.ts';
import type { ResumableUploads } from './resumable-uploads.ts';
import {
  createSubmission,
  findDuplicates,
  getContributorTotals,
  getSubmission,
  listOwnSubmissions,
  type SubmissionRow,
} from './submissions.repository.ts';

/** Anonymous senders share their address's allowance; accounts get a larger one of their own. */
export const SUBMISSION_RATE = {
  anonymous: { windowSeconds: 3600, max: 30 },
  account: { windowSeconds: 3600, max: 100 },
};

export function rateLimitKey(actor: Actor, ip: string) {
  return actor ? `submissions:user:${actor.id}` : `submissions:ip:${ip}`;
}

export function presentSubmission(row: SubmissionRow): SubmissionSummary {
  return {
    id: row.id,
    displayId: row.display_id,
    title: row.title,
    status: row.status,
    mediaType: row.media_type,
    fileName: row.file_name,
    createdAt: row.created_at.toISOString(),
    reviewNotes: row.review_notes,
    mediaId: row.status === 'approved' ? row.approved_media_id : null,
  };
}

/**
 * A finished resumable upload becomes one pending submission (one row per file), through the same
 * ingest path as every file. Its file stays private until staff approve it.
 */
export async function createSubmissionFromUpload(
  ctx: AppContext,
  uploads: ResumableUploads,
  actor: Actor,
  ip: string,
  body: z.output<typeof createSubmissionBody>,
) {
  if (body.website) {
    // Only bots fill the hidden field; they get a plain refusal and their bytes are dropped.
    await uploads.remove(body.uploadId);
    throw badRequest('Ein feilur hendi, meðan tín sending varð viðgjørd.', 'REJECTED');
  }
  await consumeRateLimit(
    ctx.db,
    rateLimitKey(actor, ip),
    actor ? SUBMISSION_RATE.account : SUBMISSION_RATE.anonymous,
  );
  const upload = await uploads.finished(body.uploadId).catch(() => undefined);
  if (upload === undefined)
    throw notFound('This upload is unknown or has expired; please send the file again.');
  if (upload === null)
    throw new AppError(409, 'UPLOAD_INCOMPLETE', 'The file has not finished uploading yet.');

  const ingested = await ingestFile({ blobs: ctx.blobs, tmpDir: ctx.tmpDir }, createReadStream(upload.path), {
    context: 'submission',
    originalName: upload.fileName,
  }).finally(() => uploads.remove(body.uploadId));
  const duplicates = await findDuplicates(ctx.db, ingested.sha256);
  const row = await recordStoredFile(ctx.blobs, ingested, () =>
    ctx.db.transaction().execute(async (trx) => {
      const created = await createSubmission(trx, {
        title: body.title,
        description: body.description ?? null,
        submitter_name: body.submitterName ?? null,
        submitter_email: body.submitterEmail ?? null,
        submitter_message: body.submitterMessage ?? null,
        photographer: body.photographer ?? null,
        location: body.location ?? null,
        source: body.source ?? null,
        original_date: body.originalDate ?? null,
        keywords: body.keywords ?? [],
        file_key: ingested.fileKey,
        file_name: ingested.fileName,
        file_size: ingested.fileSize,
        mime_type: ingested.mimeType,
        media_type: ingested.mediaType,
        sha256: ingested.sha256,
        width: ingested.width,
        height: ingested.height,
        placeholder: ingested.placeholder,
        file_metadata: ingested.metadata,
        processing_status: ingested.mediaType === 'document' ? 'ready' : 'pending',
        duplicate_of_media_id: duplicates.mediaId,
        duplicate_of_submission_id: duplicates.submissionId,
        submitted_by: actor?.id ?? null,
      });
      if (ingested.mediaType !== 'document') {
        await createJob(trx, DERIVATIVES_JOB, { ownerType: 'submission', ownerId: created.id });
      }
      await scheduleStaffNotice(trx, created.created_at);
      return created;
    }),
  );
  ctx.jobs.wake();
  return presentSubmission(row);
}

/** The signed-in contributor's statistics and own submissions (never anyone else's). */
export async function getContributorDashboard(ctx: AppContext, actor: Actor): Promise<ContributorDashboard> {
  authorize(actor, 'contributor:dashboard');
  const [totals, rows] = await Promise.all([
    getContributorTotals(ctx.db, actor.id, RECENT_DAYS),
    listOwnSubmissions(ctx.db, actor.id, CONTRIBUTOR_SUBMISSIONS_LIMIT),
  ]);
  return {
    stats: {
      total: totals.total,
      approved: totals.approved,
      pending: totals.pending,
      rejected: totals.rejected,
      successRate: successRate(totals.approved, totals.total),
      totalViews: totals.views,
      score: contributionScore(totals.approved, totals.views),
      recentActivity: totals.recent,
    },
    nextGoal: nextGoal(totals.approved),
    submissions: rows.map(presentSubmission),
  };
}

/**
 * Staff set a submission's status (any status may be set, as in the spec). Approving copies the
 * file into a new public, non-featured item with the watermark in force now; the submitter is told
 * by e-mail when they gave an address. All of it happens together or not at all.
 */
export async function reviewSubmission(
  ctx: AppContext,
  actor: Actor,
  id: string,
  review: { status: 'pending' | 'approved' | 'rejected'; reviewNotes?: string | null },
) {
  authorize(actor, 'submission:review');
  const submission = await getSubmission(ctx.db, id);
  if (!submission) throw notFound('Submission not found');
  const makeItem = review.status === 'approved' && !submission.approved_media_id;

  let copiedKey: string | null = null;
  if (makeItem) {
    copiedKey = newBlobKey('media', submission.file_key.split('.').pop());
    const { body } = await ctx.blobs.get(submission.file_key);
    await ctx.blobs.put(copiedKey, body, { contentType: submission.mime_type });
  }
  const watermark = await currentWatermarkColumns(ctx.db);
  try {
    const updated = await ctx.db.transaction().execute(async (trx) => {
      let mediaId = submission.approved_media_id;
      if (makeItem && copiedKey) {
        const media = await createMedia(trx, {
          title: submission.title,
          description: submission.description,
          photographer: submission.photographer,
          location: submission.location,
          original_date: submission.original_date,
          source: submission.source,
          keywords: submission.keywords,
          media_type: submission.media_type,
          file_key: copiedKey,
          file_name: submission.file_name,
          file_size: submission.file_size,
          mime_type: submission.mime_type,
          sha256: submission.sha256,
          width: submission.width,
          height: submission.height,
          placeholder: submission.placeholder,
          file_metadata: submission.file_metadata,
          is_public: true,
          is_featured: false,
          processing_status: submission.media_type === 'document' ? 'ready' : 'pending',
          ...watermark,
          created_by: submission.submitted_by ?? actor.id,
        });
        mediaId = media.id;
        if (submission.media_type !== 'document') {
          await createJob(trx, DERIVATIVES_JOB, { ownerType: 'media', ownerId: media.id });
        }
      }
      const row = await trx
        .updateTable('submissions')
        .set({
          status: review.status,
          review_notes: review.reviewNotes ?? null,
          reviewed_by: actor.id,
          reviewed_at: new Date(),
          approved_media_id: mediaId,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (review.status !== submission.status && review.status !== 'pending' && row.submitter_email) {
        await createJob(trx, NOTIFY_SUBMITTER_JOB, { submissionId: id, status: review.status });
      }
      await createActivity(trx, {
        userId: actor.id,
        action: `submission.${review.status}`,
        resourceType: 'submission',
        resourceId: id,
        resourceName: submission.title,
      });
      return row;
    });
    ctx.jobs.wake();
    return presentSubmission(updated);
  } catch (error) {
    if (copiedKey) await ctx.blobs.delete(copiedKey).catch(() => {});
    throw error;
  }
}

export { NOTIFY_STAFF_JOB };
