import { createHash } from 'node:crypto';
import type { Db } from '#server/db/database.ts';
import { rateLimited } from '#server/http/rate-limit.ts';
import {
  deleteRateLimit,
  getRateLimitCount,
  updateRateLimitCount,
} from '#server/http/rate-limits.repository.ts';

/**
 * Failed sign-ins per account, whatever address they come from (the per-address limit of the auth
 * library stops one address; this stops many addresses guessing one password): after 10 wrong
 * passwords in 15 minutes the account takes no sign-in until the window ends. A right password
 * clears the count. The e-mail is kept only as a hash.
 */
export const ACCOUNT_SIGN_IN_RULE = {
  windowSeconds: 15 * 60,
  max: 10,
  message: 'Too many failed sign-in attempts for this account. Please try again in {minutes} minutes.',
};

const keyOf = (email: string) =>
  `sign-in-failures:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

/** Throws 429 while the account is locked by failed attempts. */
export async function assertSignInAllowed(db: Db, email: string, now = Date.now()) {
  const windowStart = now - ACCOUNT_SIGN_IN_RULE.windowSeconds * 1000;
  const { count, windowStartedAt } = await getRateLimitCount(db, keyOf(email), windowStart);
  if (count >= ACCOUNT_SIGN_IN_RULE.max) throw rateLimited(ACCOUNT_SIGN_IN_RULE, windowStartedAt, now);
}

/** Counts a wrong password, or clears the count after a right one. */
export async function recordSignIn(db: Db, email: string, succeeded: boolean, now = Date.now()) {
  if (succeeded) return deleteRateLimit(db, keyOf(email));
  await updateRateLimitCount(db, keyOf(email), now, now - ACCOUNT_SIGN_IN_RULE.windowSeconds * 1000);
}
