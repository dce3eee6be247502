import type { Actor } from '#common/permissions.ts';
import { addressKey } from '#server/http/rate-limit.ts';

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
