import { createReadStream } from 'node:fs';
import { originalDateColumns } from '../media/media.public.ts';
import type { Readable } from 'node:stream';
import { stat } from 'node:fs/promises';
import type { z } from 'zod';
import {
  type createSubmissionBody,
  type reviewSubmissionBody,
  submissionFormFields,
} from '#common/api/submissions.ts';
import { safeDisplayFileName } from '#common/file-types.ts';
import type { Actor } from '#common/permissions.ts';
import { findNul, NUL_MESSAGE } from '#common/text.ts';
import { authorize } from '#server/http/authorize.ts';
import type { FormFile } from '#server/http/multipart.ts';
import type { Db } from '#server/db/database.ts';
import type { AppContext } from '#server/http/context.ts';
import { AppError, badRequest, notFound } from '#server/errors.ts';
import { consumeRateLimit } from '#server/http/rate-limit.ts';
import { createJob } from '#server/jobs/jobs.repository.ts';
import { derivativesJobKind } from '#server/media/derivatives/make-derivatives.ts';
import { ingestFile, recordStoredFile } from '#server/media/ingest/ingest-file.ts';
import { mediaFileColumns } from '#server/media/ingest/stored-file-columns.ts';
import { BlobNotFoundError, newBlobKey } from '#server/storage/blob-store.ts';
import { logActivity } from '../activity/activity.public.ts';
import { createMedia, getMedia, updateMedia } from '../media/media.public.ts';
import type { NearDuplicateChoice } from '#common/near-duplicates.ts';
import { currentWatermarkColumns, newItemRights } from '../settings/settings.public.ts';
import { assertOwnUpload, consumeFinishedUpload } from '../uploads/uploads.service.ts';
import { NOTIFY_SUBMITTER_JOB, scheduleStaffNotice } from './submission-notices.ts';
import { assertPendingRoom, rateLimitKey, SUBMISSION_RATE } from './submission-rules.ts';
import { publishSubmissionEvent } from './submission-events.ts';
import { presentSubmission } from './submissions.presenter.ts';
import * as repo from './submissions.repository.ts';
import type { SubmissionRow } from './submissions.repository.ts';

/**
 * A finished resumable upload becomes one pending submission (one row per file), through the same
 * ingest path as every file. Its file stays private until staff approve it. Parallel requests for
 * one upload make one submission (consumeFinishedUpload); someone else's upload answers as an
 * unknown one.
 */
export async function createSubmissionFromUpload(
  ctx: AppContext,
  actor: Actor,
  {
    ip,
    uploadOwner,
    ...body
  }: z.output<typeof createSubmissionBody> & {
    ip: string;
    /** Who is asking (the session or the anonymous uploader cookie): only an upload's maker may claim it. */
    uploadOwner: string | undefined;
  },
) {
  await assertOwnUpload(ctx, body.uploadId, uploadOwner);
  if (body.website) {
    // Only bots fill the hidden field; they get a plain refusal and their bytes are dropped.
    await ctx.uploads.remove(body.uploadId);
    throw rejected();
  }
  await consumeRateLimit(
    ctx.db,
    rateLimitKey(actor, ip),
    actor ? SUBMISSION_RATE.account : SUBMISSION_RATE.anonymous,
  );
  const row = await consumeFinishedUpload(ctx, body.uploadId, async (upload, markSent) => {
    // Refused, the claim is given back: the same upload may be sent once staff have made room.
    await assertPendingRoom(ctx, (await stat(upload.path)).size);
    return storeSubmission(ctx, actor, body, createReadStream(upload.path), upload.fileName, markSent);
  });
  ctx.jobs.wake();
  // After the transaction committed: the review screen reloads.
  publishSubmissionEvent({ type: 'changed', id: row.id, status: row.status });
  return presentSubmission(row);
}

const rejected = () => badRequest('Ein feilur hendi, meðan tín sending varð viðgjørd.', 'REJECTED');

/** The form was refused for its fields: each field's problem, by its name. */
export class FormFieldsError extends AppError {
  constructor(readonly issues: { path: string; message: string }[]) {
    super(400, 'VALIDATION_ERROR', issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '));
  }
}

/**
 * /submit's form sent without script (common/submit-form.ts): the general fields and the files in
 * one request, under the rules of the script's path (its schema, NUL, the honeypot, the sender's
 * allowance per file, the one ingest), one pending submission per file. A file the ingest or the
 * form reader refused is answered by name with its reason while the others arrive, as when the
 * script sends them one by one; a refusal of the whole form (fields, honeypot, no file) throws
 * before any file is stored.
 */
export async function createSubmissionsFromForm(
  ctx: AppContext,
  actor: Actor,
  { ip, fields, files }: { ip: string; fields: Record<string, string>; files: FormFile[] },
) {
  const nul = findNul(fields);
  if (nul !== undefined) throw new FormFieldsError([{ path: nul, message: NUL_MESSAGE }]);
  const parsed = submissionFormFields.safeParse(fields);
  if (!parsed.success) {
    throw new FormFieldsError(
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  }
  if (parsed.data.website) throw rejected();
  if (files.length === 0) throw badRequest('Vinarliga vel í minsta lagi eina fílu at senda.', 'NO_FILE');
  const created: ReturnType<typeof presentSubmission>[] = [];
  const refused: { name: string; error: AppError }[] = [];
  for (const file of files) {
    try {
      if (file.refusal) throw file.refusal;
      const rate = actor ? SUBMISSION_RATE.account : SUBMISSION_RATE.anonymous;
      await consumeRateLimit(ctx.db, rateLimitKey(actor, ip), rate);
      await assertPendingRoom(ctx, file.received.size);
      const source = createReadStream(file.received.path);
      created.push(presentSubmission(await storeSubmission(ctx, actor, parsed.data, source, file.fileName)));
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      refused.push({ name: safeDisplayFileName(file.fileName), error });
    }
  }
  if (created.length > 0) ctx.jobs.wake();
  // After each one's transaction committed: the review screen reloads.
  for (const submission of created) {
    publishSubmissionEvent({ type: 'changed', id: submission.id, status: submission.status });
  }
  return { created, refused };
}

type SubmissionDetails = Omit<z.output<typeof createSubmissionBody>, 'uploadId' | 'website'>;

/**
 * One file becomes one pending submission: ingested (type by content, size, image probe, stored
 * unaltered), then its row, its derivatives job and the staff notice in one transaction, with
 * `alsoInTransaction` (the upload's claim) inside it. The watermark in force now is the one the
 * item will carry if staff approve it.
 */
async function storeSubmission(
  ctx: AppContext,
  actor: Actor,
  body: SubmissionDetails,
  source: Readable,
  originalName: string,
  alsoInTransaction: (trx: Db) => Promise<void> = async () => {},
) {
  const ingested = await ingestFile({ blobs: ctx.blobs, tmpDir: ctx.tmpDir }, source, {
    context: 'submission',
    originalName,
  });
  const duplicates = await repo.findDuplicates(ctx.db, ingested.sha256);
  const watermark = await currentWatermarkColumns(ctx.db);
  return recordStoredFile(ctx.blobs, ingested, () =>
    ctx.db.transaction().execute(async (trx) => {
      const created = await repo.createSubmission(trx, {
        title: body.title,
        description: body.description ?? null,
        submitter_name: body.submitterName ?? null,
        submitter_email: body.submitterEmail ?? null,
        submitter_message: body.submitterMessage ?? null,
        photographer: body.photographer ?? null,
        location: body.location ?? null,
        source: body.source ?? null,
        ...originalDateColumns(body.originalDate ?? null),
        keywords: body.keywords ?? [],
        ...mediaFileColumns(ingested),
        processing_status: ingested.mediaType === 'document' ? 'ready' : 'pending',
        duplicate_of_media_id: duplicates.mediaId,
        duplicate_of_submission_id: duplicates.submissionId,
        submitted_by: actor?.id ?? null,
        watermark,
      });
      if (ingested.mediaType !== 'document') {
        await createJob(trx, derivativesJobKind(ingested.mediaType), {
          ownerType: 'submission',
          ownerId: created.id,
        });
      }
      await scheduleStaffNotice(trx, created.created_at);
      await alsoInTransaction(trx);
      return created;
    }),
  );
}

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
