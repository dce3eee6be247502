import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stateless resumption tokens (issue 26 §3): the list asked for and the keyset position after the
 * last record sent, signed with an HMAC keyed by the server's secret (SESSION_SECRET), so any
 * instance can resume any harvest, nothing is kept per harvester, and a forged or altered token is
 * refused. A token past its expiry is refused too (the harvester starts again from its `from`).
 */
export interface TokenState {
  verb: 'ListRecords' | 'ListIdentifiers';
  set: string | null;
  from: string | null;
  until: string | null;
  /** The last record sent: datestamp at full precision, id. */
  after: { datestamp: string; id: string };
  /** How many records came before the next page. */
  cursor: number;
  /** completeListSize, as counted on the first page. */
  total: number;
  /** Seconds since the epoch after which the token is refused. */
  expires: number;
}

/** Longer than any token we make (~400 characters): anything longer is refused unread. */
export const TOKEN_MAX_LENGTH = 2048;
export const TOKEN_LIFETIME_S = 24 * 60 * 60;

const keyOf = (secret: string) => createHmac('sha256', secret).update('oai-pmh resumption token').digest();

const sign = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest().subarray(0, 16);

export function createTokenCodec(secret: string) {
  const key = keyOf(secret);
  return {
    encode(state: TokenState): string {
      const payload = Buffer.from(
        JSON.stringify([
          1,
          state.verb,
          state.set,
          state.from,
          state.until,
          state.after.datestamp,
          state.after.id,
          state.cursor,
          state.total,
          state.expires,
        ]),
      ).toString('base64url');
      return `${payload}.${sign(key, payload).toString('base64url')}`;
    },
    /** The state, or null for a token that is not ours, was altered, or has expired. */
    decode(token: string, now = Date.now()): TokenState | null {
      if (token.length > TOKEN_MAX_LENGTH) return null;
      const [payload, mac, extra] = token.split('.');
      if (!payload || !mac || extra !== undefined) return null;
      const given = Buffer.from(mac, 'base64url');
      const expected = sign(key, payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let parts: unknown;
      try {
        parts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      if (!Array.isArray(parts) || parts.length !== 10 || parts[0] !== 1) return null;
      const [, verb, set, from, until, datestamp, id, cursor, total, expires] = parts;
      if (verb !== 'ListRecords' && verb !== 'ListIdentifiers') return null;
      if (typeof datestamp !== 'string' || typeof id !== 'string') return null;
      if (![cursor, total, expires].every((n) => Number.isSafeInteger(n))) return null;
      if ((expires as number) * 1000 <= now) return null;
      const text = (v: unknown) => (typeof v === 'string' ? v : null);
      return {
        verb,
        set: text(set),
        from: text(from),
        until: text(until),
        after: { datestamp, id },
        cursor: cursor as number,
        total: total as number,
        expires: expires as number,
      };
    },
  };
}
