import { createReadStream } from 'node:fs';
import { originalDateColumns } from '../media/media.public.ts';
import type { Readable } from 'node:stream';
import { stat } from 'node:fs/promises';
import type { z } from 'zod';
import { type createSubmissionBody, submissionFormFields } from '#common/api/submissions.ts';
import { safeDisplayFileName } from '#common/file-types.ts';
import type { Actor } from '#common/permissions.ts';
import { findNul, NUL_MESSAGE } from '#common/text.ts';
import type { FormFile } from '#server/http/multipart.ts';
import type { Db } from '#server/db/database.ts';
import type { AppContext } from '#server/http/context.ts';
import { AppError, badRequest } from '#server/errors.ts';
import { consumeRateLimit } from '#server/http/rate-limit.ts';
import { createJob } from '#server/jobs/jobs.repository.ts';
import { derivativesJobKind } from '#server/media/derivatives/make-derivatives.ts';
import { ingestFile, recordStoredFile } from '#server/media/ingest/ingest-file.ts';
import { mediaFileColumns } from '#server/media/ingest/stored-file-columns.ts';
import { currentWatermarkColumns } from '../settings/settings.public.ts';
import { assertOwnUpload, consumeFinishedUpload } from '../uploads/uploads.service.ts';
import { scheduleStaffNotice } from './submission-notices.ts';
import { assertPendingRoom, rateLimitKey, SUBMISSION_RATE } from './submission-rules.ts';
import { publishSubmissionEvent } from './submission-events.ts';
import { presentSubmission } from './submissions.presenter.ts';
import * as repo from './submissions.repository.ts';

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
