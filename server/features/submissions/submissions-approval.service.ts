import type { z } from 'zod';
import type { reviewSubmissionBody } from '#common/api/submissions.ts';
import type { NearDuplicateChoice } from '#common/near-duplicates.ts';
import type { Actor } from '#common/permissions.ts';
import { AppError, notFound } from '#server/errors.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import { createJob } from '#server/jobs/jobs.repository.ts';
import { derivativesJobKind } from '#server/media/derivatives/make-derivatives.ts';
import { BlobNotFoundError, newBlobKey } from '#server/storage/blob-store.ts';
import { logActivity } from '../activity/activity.public.ts';
import { createMedia, getMedia, updateMedia } from '../media/media.public.ts';
import { currentWatermarkColumns, newItemRights } from '../settings/settings.public.ts';
import { NOTIFY_SUBMITTER_JOB } from './submission-notices.ts';
import { publishSubmissionEvent } from './submission-events.ts';
import { presentSubmission } from './submissions.presenter.ts';
import * as repo from './submissions.repository.ts';
import type { SubmissionRow } from './submissions.repository.ts';

// One submission reviewed by staff: approved (into an item), rejected or reopened. The review
// screen's list, counts, bulk review and near-duplicate choice are in submissions-review.service.ts.

type Review = z.output<typeof reviewSubmissionBody> & {
  id: string;
  /** Approval as a near-duplicate of an item (resolveNearDuplicate): what to do with the two. */
  nearDuplicate?: { mediaId: string; choice: NearDuplicateChoice };
};

/**
 * Staff review a submission. Approval is final and happens once (DESIGN.md §4.6): approving copies
 * the file into a new public, non-featured item carrying the watermark recorded when it was sent,
 * in the same transaction as the status change, so both happen or neither; of parallel or repeated
 * approvals only one makes an item, the others answer with the approved submission. An approved
 * submission's status cannot change any more (its item is managed under media). A rejected one may
 * be reviewed again (a mistaken rejection is put right by approving it, or back to pending).
 * The submitter is told by e-mail when they gave an address.
 */
export async function reviewSubmission(ctx: AppContext, actor: Actor, review: Review) {
  authorize(actor, 'submission:review');
  const submission = await repo.getSubmission(ctx.db, review.id);
  if (!submission) throw notFound('Submission not found');
  if (submission.status === 'approved') {
    if (review.status === 'approved') return presentSubmission(submission);
    throw approvalIsFinal();
  }
  if (review.status === submission.status && review.status === 'pending')
    return presentSubmission(submission);

  const approving = review.status === 'approved';
  // Copied before the transaction (a large file would hold the database meanwhile); removed again
  // if the transaction does not commit.
  const copiedKey = approving ? newBlobKey('media', submission.file_key.split('.').pop()) : null;
  if (copiedKey) {
    try {
      const { body } = await ctx.blobs.get(submission.file_key);
      await ctx.blobs.put(copiedKey, body, { contentType: submission.mime_type });
    } catch (error) {
      await ctx.blobs.delete(copiedKey).catch(() => {});
      if (!(error instanceof BlobNotFoundError)) throw error;
      // Deleted by someone else meanwhile (its row and file go together), or the file was lost.
      if (!(await repo.getSubmission(ctx.db, review.id))) throw notFound('Submission not found');
      throw new AppError(
        409,
        'FILE_MISSING',
        "This submission's file is missing from the file store, so it cannot be approved.",
      );
    }
  }
  const near = approving ? review.nearDuplicate : undefined;
  let replacedKey: string | null = null;
  try {
    const updated = await ctx.db.transaction().execute(async (trx) => {
      let mediaId: string | null = null;
      if (copiedKey && near?.choice === 'replace') {
        // The item keeps its number, texts and place; its file becomes the submission's.
        const item = await getMedia(trx, near.mediaId);
        if (!item) throw notFound('Media not found');
        replacedKey = item.file_key;
        const replaced = await updateMedia(trx, item.id, {
          ...submittedFileColumns(submission, copiedKey),
          processing_status: 'pending',
        });
        if (!replaced) throw notFound('Media not found');
        mediaId = replaced.id;
        await createJob(trx, derivativesJobKind(submission.media_type), {
          ownerType: 'media',
          ownerId: mediaId,
        });
        await logActivity(trx, actor, 'media.file_replaced', { id: replaced.id, name: replaced.title });
      } else if (copiedKey) {
        const media = await createMedia(trx, {
          title: submission.title,
          description: submission.description,
          photographer: submission.photographer,
          location: submission.location,
          original_date: submission.original_date,
          original_date_edtf: submission.original_date_edtf,
          original_date_earliest: submission.original_date_earliest,
          original_date_latest: submission.original_date_latest,
          source: submission.source,
          keywords: submission.keywords,
          ...submittedFileColumns(submission, copiedKey),
          is_public: true,
          is_featured: false,
          processing_status: submission.media_type === 'document' ? 'ready' : 'pending',
          ...(submission.watermark ?? (await currentWatermarkColumns(trx))),
          ...(await newItemRights(trx, { rights: review.rights })),
          created_by: submission.submitted_by ?? actor.id,
          version_of_media_id: near?.choice === 'version' ? near.mediaId : null,
        });
        mediaId = media.id;
        if (near) {
          const kept = near.choice === 'version' ? 'media.version_linked' : 'media.duplicate_kept';
          await logActivity(trx, actor, kept, { id: media.id, name: media.title });
        }
        if (submission.media_type !== 'document') {
          await createJob(trx, derivativesJobKind(submission.media_type), {
            ownerType: 'media',
            ownerId: media.id,
          });
        }
      }
      const row = await repo.updateSubmissionReview(trx, review.id, submission.status, {
        status: review.status,
        review_notes: review.reviewNotes ?? null,
        reviewed_by: actor.id,
        approved_media_id: mediaId,
      });
      // Someone else reviewed it meanwhile: undo this one (the item too) and answer with theirs.
      if (!row) throw new ConcurrentReview();
      if (review.status !== 'pending' && row.submitter_email) {
        await createJob(trx, NOTIFY_SUBMITTER_JOB, { submissionId: row.id, status: review.status });
      }
      const action = {
        approved: 'submission.approved',
        rejected: 'submission.rejected',
        pending: 'submission.reopened',
      } as const;
      await logActivity(trx, actor, action[review.status], { id: row.id, name: row.title });
      return row;
    });
    ctx.jobs.wake();
    publishSubmissionEvent({ type: 'changed', id: updated.id, status: updated.status });
    if (replacedKey) {
      const oldKey: string = replacedKey;
      await ctx.blobs
        .delete(oldKey)
        .catch((err: unknown) =>
          ctx.logger.error({ err, fileKey: oldKey }, 'replaced original could not be removed'),
        );
    }
    return presentSubmission(updated);
  } catch (error) {
    if (copiedKey) await ctx.blobs.delete(copiedKey).catch(() => {});
    if (!(error instanceof ConcurrentReview)) throw error;
    const current = await repo.getSubmission(ctx.db, review.id);
    if (!current) throw notFound('Submission not found');
    if (current.status === review.status) return presentSubmission(current);
    if (current.status === 'approved') throw approvalIsFinal();
    throw new AppError(
      409,
      'REVIEW_CONFLICT',
      'Someone else reviewed this submission meanwhile; please look again.',
    );
  }
}

class ConcurrentReview extends Error {}

const approvalIsFinal = () =>
  new AppError(
    409,
    'APPROVAL_FINAL',
    'This submission is approved and its item is in the gallery; change or remove the item under Media instead.',
  );

/** The stored-file columns an item takes from a submission, its file copied to `fileKey`. */
function submittedFileColumns(submission: SubmissionRow, fileKey: string) {
  return {
    file_key: fileKey,
    file_name: submission.file_name,
    file_size: submission.file_size,
    mime_type: submission.mime_type,
    sha256: submission.sha256,
    media_type: submission.media_type,
    width: submission.width,
    height: submission.height,
    placeholder: submission.placeholder,
    file_metadata: submission.file_metadata,
    dhash: submission.dhash,
    dhash_turns: submission.dhash_turns,
  };
}
