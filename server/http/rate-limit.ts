import { isIP } from 'node:net';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { deleteRateLimitsBefore, updateRateLimitCount } from './rate-limits.repository.ts';

export interface RateRule {
  windowSeconds: number;
  max: number;
  /** What the refusal says; `{minutes}` becomes the wait. Submissions' wording unless given. */
  message?: string;
}

/**
 * Counts one request against `key` in a fixed window, in the database (so every instance shares
 * the count), atomically in one statement. Throws 429 past `max`.
 */
export async function consumeRateLimit(db: Db, key: string, rule: RateRule) {
  const now = Date.now();
  const windowStart = now - rule.windowSeconds * 1000;
  const row = await updateRateLimitCount(db, key, now, windowStart);
  if (row.count > rule.max) throw rateLimited(rule, row.windowStartedAt, now);
}

/** The 429 of a rule whose window began at `windowStartedAt`, saying how many minutes to wait. */
export function rateLimited(rule: RateRule, windowStartedAt: number, now = Date.now()): AppError {
  const retryAfter = Math.max(1, Math.ceil((windowStartedAt + rule.windowSeconds * 1000 - now) / 1000));
  const message = rule.message ?? 'Too many submissions from here; please try again in {minutes} minutes.';
  return new AppError(429, 'RATE_LIMITED', message.replace('{minutes}', String(Math.ceil(retryAfter / 60))));
}

/**
 * The part of a client address a limit is keyed by: an IPv4 address as it is, an IPv6 address by
 * its /64 (one subscriber usually holds a whole /64, so counting single addresses would let one
 * sender take 2^64 allowances). IPv4-mapped IPv6 addresses count as their IPv4 address.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => {
    if (part === '') return [];
    return part.split(':').flatMap((group) => {
      if (!group.includes('.')) return [group];
      const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  };
  const start = groups(head);
  const end = tail === undefined ? [] : groups(tail);
  const full = [...start, ...Array(Math.max(0, 8 - start.length - end.length)).fill('0'), ...end];
  return `${full
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** A public counter (views, downloads) counts one client address at most once per item in this window. */
export const COUNT_ONCE_WINDOW_SECONDS = 600;

/** The throttle key of one counter of one item for one client address (IPv6 by /64). */
export const countOnceKey = (counter: string, id: string, ip: string) =>
  `count:${counter}:${id}:${addressKey(ip)}`;

/**
 * True for the first event of `key` in its window, false for the rest: in the database, so every
 * instance shares it.
 */
export async function isFirstInWindow(db: Db, key: string, windowSeconds = COUNT_ONCE_WINDOW_SECONDS) {
  const now = Date.now();
  const row = await updateRateLimitCount(db, key, now, now - windowSeconds * 1000);
  return row.count === 1;
}

/** Forgets counter throttles older than a day (one row per item and address would pile up). */
export function sweepCountThrottles(db: Db, now = Date.now()) {
  return deleteRateLimitsBefore(db, 'count:', now - 24 * 60 * 60 * 1000);
}
