import { INGEST_LIMITS } from '#common/file-types.ts';
import { type Actor, can } from '#common/permissions.ts';
import type { Db } from '#server/db/database.ts';
import type { AppContext } from '#server/http/context.ts';
import { AppError, badRequest, notFound } from '#server/errors.ts';
import { addressKey, consumeRateLimit, sweepCountThrottles } from '#server/http/rate-limit.ts';
import { IngestError } from '#server/media/ingest/ingest-error.ts';
import type { UploadPool } from '#server/db/schema.ts';
import { assertPendingRoom, rateLimitKey, SUBMISSION_RATE } from '../submissions/submissions.public.ts';
import { type Reservation, UPLOAD_MAX_AGE_MS, UPLOAD_OUTSTANDING_MAX_BYTES } from './resumable-uploads.ts';
import {
  createUploadClaim,
  deleteUploadClaim,
  deleteUploadClaimsBefore,
  markUploadClaimSent,
  releaseUnsentUploadClaims,
} from './uploads.repository.ts';

/**
 * How large one upload may be: staff who manage media send up to the upload screen's 100 MB,
 * everyone else up to the submission form's 50 MB (each file is checked again, by content, when
 * it becomes an item or a submission).
 */
export function uploadMaxBytes(actor: Actor): number {
  return can(actor, 'media:manage') ? INGEST_LIMITS.upload.maxBytes : INGEST_LIMITS.submission.maxBytes;
}

/** What a sender may have outstanding at once (declared sizes of unfinished and unclaimed uploads). */
function outstandingMaxBytes(actor: Actor): number {
  if (can(actor, 'media:manage')) return UPLOAD_OUTSTANDING_MAX_BYTES.staff;
  return actor ? UPLOAD_OUTSTANDING_MAX_BYTES.account : UPLOAD_OUTSTANDING_MAX_BYTES.anonymous;
}

/** Whose room an upload takes: staff who manage media have an area of their own. */
export function uploadPool(actor: Actor): UploadPool {
  return can(actor, 'media:manage') ? 'staff' : 'public';
}

/**
 * Starting an upload counts against the same allowance as submissions (twice as many), and the
 * declared size (Upload-Length) must fit in the sender's and the whole area's room. Answers the
 * reservation, to release once tus has created (or failed to create) the upload.
 */
export async function authorizeUploadStart(
  ctx: AppContext,
  actor: Actor,
  { ip, uploadLength }: { ip: string; uploadLength: string | undefined },
): Promise<Reservation | undefined> {
  await consumeRateLimit(ctx.db, `uploads:${rateLimitKey(actor, ip)}`, {
    windowSeconds: 3600,
    max: (actor ? SUBMISSION_RATE.account : SUBMISSION_RATE.anonymous).max * 2,
  });
  if (uploadLength === undefined || !/^\d{1,15}$/.test(uploadLength)) {
    throw badRequest('Send the file size (Upload-Length) when starting an upload.', 'UPLOAD_LENGTH_REQUIRED');
  }
  const length = Number(uploadLength);
  // Over the per-file limit: tus itself refuses it (413), before any byte is sent.
  if (length > uploadMaxBytes(actor)) return undefined;
  const pool = uploadPool(actor);
  // A file that would become a submission is told now, before its bytes are sent, if the pending
  // ones leave no room (checked again when it is sent).
  if (pool === 'public') await assertPendingRoom(ctx, length);
  const result = await ctx.uploads.reserve(
    { quotaKey: uploadQuotaKey(actor, ip), pool },
    length,
    outstandingMaxBytes(actor),
  );
  if ('refused' in result) {
    throw new AppError(
      413,
      result.refused === 'sender' ? 'UPLOAD_QUOTA' : 'UPLOAD_AREA_FULL',
      result.refused === 'sender'
        ? 'You have too many files waiting to be sent; send or remove some, or try again later.'
        : 'The archive cannot take more files right now; please try again later.',
    );
  }
  return result;
}

/** Whose allowance an upload uses: the account, else the sender's address (IPv6 by /64). */
export function uploadQuotaKey(actor: Actor, ip: string) {
  return actor ? `user:${actor.id}` : `ip:${addressKey(ip)}`;
}

const uploadGone = () => notFound('This upload is unknown or has expired; please send the file again.');

/** Only the one who made an upload may claim it; anyone else is told it is unknown. */
export async function assertOwnUpload(ctx: AppContext, uploadId: string, requester: string | undefined) {
  const owner = await ctx.uploads.ownerOf(uploadId);
  if (owner === undefined || requester === undefined || owner !== requester) throw uploadGone();
}

/**
 * Turns a finished upload into something of ours (a submission, an item) exactly once. The upload
 * is claimed atomically first: of parallel requests for one upload, one goes on and the rest are
 * told it is already on its way. `work` ingests the file and commits its row, calling `markSent`
 * inside that transaction; a file refused by the ingest is dropped, any other failure gives the
 * claim back so the same bytes can be sent again, and the upload is removed only once `work` has
 * committed. A claim left unsent by a killed process is given back by `releaseStaleUploadClaims`.
 */
export async function consumeFinishedUpload<T>(
  ctx: AppContext,
  uploadId: string,
  work: (file: { path: string; fileName: string }, markSent: (trx: Db) => Promise<void>) => Promise<T>,
): Promise<T> {
  const upload = await ctx.uploads.finished(uploadId).catch(() => undefined);
  if (upload === undefined) throw uploadGone();
  if (upload === null)
    throw new AppError(409, 'UPLOAD_INCOMPLETE', 'The file has not finished uploading yet.');
  if (!(await createUploadClaim(ctx.db, uploadId))) {
    throw new AppError(409, 'UPLOAD_CLAIMED', 'This file has already been sent.');
  }
  let result: T;
  try {
    result = await work(upload, (trx) => markUploadClaimSent(trx, uploadId));
  } catch (error) {
    if (error instanceof IngestError) await ctx.uploads.remove(uploadId);
    else await deleteUploadClaim(ctx.db, uploadId).catch(() => {});
    throw error;
  } finally {
    await upload.discard();
  }
  await ctx.uploads.remove(uploadId);
  return result;
}

/** Only the one who made an upload may continue, inspect or delete it (others: as if unknown). */
export async function authorizeUploadAccess(ctx: AppContext, owner: string | undefined, uploadId: string) {
  const recorded = await ctx.uploads.ownerOf(uploadId);
  // Unknown uploads are tus' to answer (404); someone else's answers the same.
  if (recorded !== undefined && (owner === undefined || recorded !== owner)) {
    throw notFound('This upload is unknown or has expired; please send the file again.');
  }
}

/**
 * Storing a claimed upload and writing its row takes seconds to a minute or two (a 100 MB file on
 * a slow disk); a claim still unsent after this long belongs to a process that was killed.
 */
export const UNSENT_CLAIM_MAX_AGE_MS = 15 * 60_000;

/**
 * Gives back the claims a killed process left unsent, so the sender's retry is taken instead of
 * told the file was already sent: at start on the embedded database every unsent claim (no other
 * process can hold one), otherwise those older than UNSENT_CLAIM_MAX_AGE_MS.
 */
export async function releaseStaleUploadClaims(ctx: Pick<AppContext, 'db'>, { atStart = false } = {}) {
  return releaseUnsentUploadClaims(
    ctx.db,
    atStart ? undefined : new Date(Date.now() - UNSENT_CLAIM_MAX_AGE_MS),
  );
}

/** Removes expired uploads, the claims of uploads that are long gone, and old counter throttles. */
export async function sweepExpiredUploads(ctx: AppContext) {
  await ctx.uploads.removeExpired();
  await sweepCountThrottles(ctx.db);
  await deleteUploadClaimsBefore(ctx.db, new Date(Date.now() - 2 * UPLOAD_MAX_AGE_MS));
  await releaseStaleUploadClaims(ctx);
}
