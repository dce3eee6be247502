import type { Actor } from '#common/permissions.ts';
import type { AppContext } from '#server/http/context.ts';
import { AppError } from '#server/errors.ts';
import { addressKey } from '#server/http/rate-limit.ts';
import { sumPendingSubmissionBytes } from './submissions.repository.ts';

/** Anonymous senders share their address's allowance; accounts get a larger one of their own. */
export const SUBMISSION_RATE = {
  anonymous: { windowSeconds: 3600, max: 30 },
  account: { windowSeconds: 3600, max: 100 },
};

export function rateLimitKey(actor: Actor, ip: string) {
  return actor ? `submissions:user:${actor.id}` : `submissions:ip:${addressKey(ip)}`;
}

/**
 * Starting to send files, by the resumable upload or by the form sent without script, counts
 * against twice the submissions' allowance: a sender past it is refused before a byte is read.
 */
export const uploadStartRate = (actor: Actor) => ({
  windowSeconds: 3600,
  max: (actor ? SUBMISSION_RATE.account : SUBMISSION_RATE.anonymous).max * 2,
});

/**
 * What the files of pending submissions may take together (PENDING_SUBMISSIONS_MAX_GB): what
 * senders can make the archive store before staff have looked at any of it.
 */
export const PENDING_SUBMISSIONS_MAX_BYTES = 20 * 1024 ** 3;

/** The texts of SUBMISSIONS_FULL (web/lib/error-text.ts shows the reader's language). */
export const SUBMISSIONS_FULL_MESSAGE =
  'The archive has more files waiting for review than it can hold right now. Please try again in a few days.';

/**
 * Refuses a file of `bytes` that the pending submissions leave no room for. Parallel senders may
 * each pass it by one file: the cap bounds the disk, it is not a reservation.
 */
export async function assertPendingRoom(ctx: Pick<AppContext, 'db' | 'config'>, bytes: number) {
  const max = ctx.config.pendingSubmissionsMaxBytes ?? PENDING_SUBMISSIONS_MAX_BYTES;
  if ((await sumPendingSubmissionBytes(ctx.db)) + bytes > max) {
    throw new AppError(413, 'SUBMISSIONS_FULL', SUBMISSIONS_FULL_MESSAGE);
  }
}
