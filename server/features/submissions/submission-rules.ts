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
