import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { addressKey } from './rate-limit.ts';

/** Uncached answers to a query string one address may have at once, then one a second. */
export const UNCACHED_BURST = 30;
export const UNCACHED_PER_SECOND = 1;
/** Addresses remembered at most; past it, those whose bucket has filled again are forgotten. */
const MAX_ADDRESSES = 10_000;

export const TOO_MANY_SEARCHES_MESSAGE =
  'Too many searches from your address in a short time; please wait a moment and try again.';

/**
 * A token bucket per client address, in this process's memory. Not the `rate_limits` table: what
 * it guards is this process's own time (a search page drawn anew costs ~30 ms here, a kept one
 * 1.4 ms), each instance keeps its own answers, and a database write per search would add to the
 * very cost being bounded (on the embedded database, on its one thread).
 */
export function createSearchBudget(burst = UNCACHED_BURST, perSecond = UNCACHED_PER_SECOND) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const level = (bucket: { tokens: number; at: number }, now: number) =>
    Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
  return {
    /** Takes one answer from `address`'s allowance; false when none is left. */
    spend(address: string, now = Date.now()): boolean {
      const bucket = buckets.get(address);
      const tokens = bucket ? level(bucket, now) : burst;
      if (tokens < 1) return false;
      if (!bucket && buckets.size >= MAX_ADDRESSES) {
        for (const [key, old] of buckets) if (level(old, now) >= burst) buckets.delete(key);
      }
      buckets.set(address, { tokens: tokens - 1, at: now });
      return true;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    searchBudget: ReturnType<typeof createSearchBudget>;
  }
}

export function installSearchBudget(app: FastifyInstance) {
  app.decorate('searchBudget', createSearchBudget());
}

/**
 * Charges an answer made anew for a URL with a query string (a search, or any other: each
 * distinct one misses the kept answers, http/answer-cache.ts) to the client's address: 429
 * TOO_MANY_SEARCHES past its allowance. Kept answers are never charged. The answers a page embeds
 * (server/web/boot-answers.ts, made in-process) are part of the page, charged already.
 */
export function chargeUncached(request: FastifyRequest) {
  if (!(request.raw.socket instanceof Socket)) return;
  if (request.server.searchBudget.spend(addressKey(request.ip))) return;
  throw new AppError(429, 'TOO_MANY_SEARCHES', TOO_MANY_SEARCHES_MESSAGE);
}
