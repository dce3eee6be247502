import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '#server/db/database.ts';
import { addressKey } from '#server/http/rate-limit.ts';
import {
  deleteRateLimit,
  getRateLimitCount,
  updateRateLimitCount,
} from '#server/http/rate-limits.repository.ts';

/**
 * Password guessing is slowed, never turned into a lock-out (issue 30 B5: ten wrong passwords
 * from anywhere used to make the right one answer 429 for 15 minutes, so anyone could lock the
 * only admin out). Failures are counted per account and address (IPv6 by /64) and per account,
 * in the database (every instance shares them), for 15 minutes:
 * - an address that has not failed for the account signs in at once, whatever others did;
 * - an address that has failed waits before its password is checked, longer with each of its
 *   own failures past the first two, and with every ten failures of the account from anywhere
 *   (many addresses guessing one password), up to `maxDelayMs`. The wait is a timer, not work:
 *   it holds no thread and no database connection.
 * The auth library's own limit per address (10 sign-ins a minute, auth.ts) still answers 429.
 * A right password clears both counts. The e-mail is kept only as a hash.
 */
export const SIGN_IN_SLOWDOWN = {
  windowSeconds: 15 * 60,
  freeFailures: 2,
  accountFailuresPerStep: 10,
  firstDelayMs: 500,
  maxDelayMs: 8_000,
};

const hashOf = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
const accountKey = (email: string) => `sign-in-failures:${hashOf(email)}`;
const pairKey = (email: string, ip: string) => `sign-in-failures:${hashOf(email)}:${addressKey(ip)}`;

/** How long an attempt waits, from the failures before it: its address's and the account's. */
export function signInDelayMs(pairFailures: number, accountFailures: number): number {
  if (pairFailures === 0) return 0;
  const { freeFailures, accountFailuresPerStep, firstDelayMs, maxDelayMs } = SIGN_IN_SLOWDOWN;
  const steps = Math.max(pairFailures - freeFailures, Math.floor(accountFailures / accountFailuresPerStep));
  return steps <= 0 ? 0 : Math.min(maxDelayMs, firstDelayMs * 2 ** (steps - 1));
}

/**
 * Before the password is checked: counts the attempt against its address at once (so guesses
 * sent in parallel see each other) and waits what the failures before it call for.
 */
export async function slowSignIn(db: Db, email: string, ip: string, now = Date.now()): Promise<number> {
  const windowStart = now - SIGN_IN_SLOWDOWN.windowSeconds * 1000;
  const pair = await updateRateLimitCount(db, pairKey(email, ip), now, windowStart);
  const account = await getRateLimitCount(db, accountKey(email), windowStart);
  const delay = signInDelayMs(pair.count - 1, account.count);
  if (delay > 0) await sleep(delay);
  return delay;
}

/**
 * After the check: a right password (the deactivated account's refusal comes after it too)
 * clears the counts; a wrong one counts against the account (the address counted it before).
 */
export async function recordSignIn(db: Db, email: string, ip: string, passwordWasRight: boolean) {
  if (passwordWasRight) {
    await deleteRateLimit(db, pairKey(email, ip));
    await deleteRateLimit(db, accountKey(email));
    return;
  }
  const now = Date.now();
  await updateRateLimitCount(db, accountKey(email), now, now - SIGN_IN_SLOWDOWN.windowSeconds * 1000);
}
