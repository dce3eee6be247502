import type { z } from 'zod';
import type {
  bulkReviewBody,
  nearDuplicateChoiceBody,
  submissionListQuery,
} from '#common/api/submissions.ts';
import { isNearDuplicate, nearDuplicatesOf, storedHashes } from '#server/media/perceptual/near-duplicates.ts';
import { getMedia } from '../media/media.public.ts';
import type { Actor } from '#common/permissions.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import { AppError, notFound } from '#server/errors.ts';
import { logActivity } from '../activity/activity.public.ts';
import { publishSubmissionEvent } from './submission-events.ts';
import {
  presentStaffSubmission,
  presentStaffSubmissionDetail,
  presentSubmissionStats,
} from './submissions.presenter.ts';
import * as repo from './submissions.repository.ts';
import { reviewSubmission } from './submissions-approval.service.ts';

/** The review screen's list: newest first, searched and filtered by status (spec §5). */
export async function listSubmissionsForReview(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof submissionListQuery>,
) {
  authorize(actor, 'submission:review');
  const { cursor, limit, q, status } = query;
  const page = await repo.listSubmissions(
    ctx.db,
    { q: q || undefined, status: status === 'all' ? undefined : status },
    cursor,
    limit,
  );
  return { items: page.rows.map(presentStaffSubmission), total: page.total, nextCursor: page.nextCursor };
}

/** The header's counts; 'This Week' is the last 7 days, the approval rate approved / total, rounded. */
export async function getSubmissionStats(ctx: AppContext, actor: Actor, _input: Record<string, never>) {
  authorize(actor, 'submission:review');
  return presentSubmissionStats(await repo.countSubmissions(ctx.db, 7));
}

export async function getSubmissionForReview(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  authorize(actor, 'submission:review');
  const row = await repo.getStaffSubmission(ctx.db, id);
  if (!row) throw notFound('Submission not found');
  // The item it became is no look-alike of itself.
  const near = await nearDuplicatesOf(ctx.db, storedHashes(row), row.approved_media_id);
  return presentStaffSubmissionDetail(row, near);
}

/**
 * Approves a submission that looks like an item, with staff's choice (keep both, replace the
 * item's file, or a new item linked as another version), after checking again that the two are
 * within the threshold: a stale dialog or a hand-made request cannot replace an unrelated item.
 */
export async function resolveNearDuplicate(
  ctx: AppContext,
  actor: Actor,
  { id, ...body }: z.output<typeof nearDuplicateChoiceBody> & { id: string },
) {
  authorize(actor, 'submission:review');
  const submission = await repo.getSubmission(ctx.db, id);
  if (!submission) throw notFound('Submission not found');
  const item = await getMedia(ctx.db, body.mediaId);
  if (!item) throw notFound('Media not found');
  if (!isNearDuplicate(item.dhash, storedHashes(submission))) {
    throw new AppError(409, 'NOT_NEAR_DUPLICATE', 'This submission does not look like that item.');
  }
  return reviewSubmission(ctx, actor, {
    id,
    status: 'approved',
    reviewNotes: body.reviewNotes,
    rights: body.rights,
    nearDuplicate: { mediaId: item.id, choice: body.choice },
  });
}

/**
 * Several submissions reviewed at once, one after the other through the same review as one
 * (each its own transaction, one item per approval); a refusal of one does not stop the rest.
 */
export async function reviewSubmissions(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof bulkReviewBody>,
) {
  authorize(actor, 'submission:review');
  const results = [];
  for (const id of new Set(body.ids)) {
    try {
      await reviewSubmission(ctx, actor, { id, status: body.status, reviewNotes: body.reviewNotes });
      results.push({ id, ok: true, code: null, message: null });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, ok: false, code: error.code, message: error.message });
    }
  }
  return { results };
}

/**
 * Deletes a submission: its row and derivative rows in one transaction (logged), then its stored
 * file and derivatives once that has committed (a file left behind by a failed deletion is logged
 * for fsck, never silently kept; the row is gone either way, so the screen is right). The item an
 * approved submission made stays: it is managed under media and has its own copy of the file.
 */
export async function deleteSubmissionForReview(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  authorize(actor, 'submission:review');
  const { row, derivativeKeys } = await ctx.db.transaction().execute(async (trx) => {
    const derivativeKeys = await repo.deleteSubmissionDerivatives(trx, id);
    const row = await repo.deleteSubmission(trx, id);
    if (!row) throw notFound('Submission not found');
    await logActivity(trx, actor, 'submission.deleted', { id: row.id, name: row.title });
    return { row, derivativeKeys };
  });
  publishSubmissionEvent({ type: 'deleted', id: row.id });
  const keys = [row.file_key, ...derivativeKeys];
  const outcomes = await Promise.allSettled(keys.map((key) => ctx.blobs.delete(key)));
  outcomes.forEach((outcome, i) => {
    if (outcome.status === 'rejected') {
      ctx.logger.error(
        { err: outcome.reason, submissionId: row.id, fileKey: keys[i] },
        'deleted submission: its stored file could not be removed',
      );
    }
  });
}

/** Live updates of the review screen are for those who review; answers whose stream it is. */
export function authorizeSubmissionEvents(actor: Actor): string {
  authorize(actor, 'submission:review');
  return actor.id;
}
