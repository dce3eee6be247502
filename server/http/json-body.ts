import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Nesting deeper than any body of ours needs (the deepest, a slideshow's slides, is 3; a little
 * room for the auth library's). 500,000 levels of `[` in a 1 MB body made JSON.parse and the NUL
 * check overflow the stack: each such request answered 500 and held the event loop.
 */
export const MAX_JSON_DEPTH = 8;

const KB = 1024;

/**
 * How many bytes a JSON body may have, per route: what its schema allows at most (each character of
 * text counted as 3 bytes, UTF-8's most for the texts people write), with room to spare. Routes
 * declare theirs as Fastify's `bodyLimit`; any other takes `small`.
 */
export const BODY_LIMITS = {
  /** Sign-in and the auth library's, names, a category, a user, bulk actions on 200 ids (~8 KB). */
  small: 16 * KB,
  /** A review note or a document's description: 5,000–10,000 characters. */
  text: 64 * KB,
  /** A submission (≈16,000 characters) or a translation (2 × 10,000 characters). */
  texts: 128 * KB,
  /** An item's fields (3 × 10,000 characters and more), or every general setting (25 × 2,000). */
  item: 256 * KB,
  /** A slideshow: up to 500 slides with a 500-character caption each, kept and added (2 × 500). */
  slideshow: 2048 * KB,
} as const;

/**
 * The JSON body parser: Fastify's own (prototype poisoning refused as before), after a scan of the
 * raw text for its nesting depth, which needs no recursion and no parse: a body nested deeper than
 * MAX_JSON_DEPTH is refused (400 BODY_TOO_DEEP) before anything is built from it. Its size was
 * bounded while it arrived (the route's bodyLimit, 413 BODY_TOO_LARGE: see bodyTooLarge).
 */
export function installJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const body = raw as string;
    if (nestedDeeperThan(body, MAX_JSON_DEPTH)) {
      done(
        new AppError(
          400,
          'BODY_TOO_DEEP',
          `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`,
        ) as unknown as FastifyError,
        undefined,
      );
      return;
    }
    parse(request, body, done);
  });
}

/** Whether the JSON text opens more than `max` objects or arrays inside each other (strings skipped). */
export function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Fastify's refusal of a body over its route's limit, as our 413 with a code, or undefined. */
export function bodyTooLarge(error: FastifyError, limit: number | undefined): AppError | undefined {
  if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') return undefined;
  const size = limit === undefined ? '' : ` (at most ${Math.floor(limit / KB)} KB here)`;
  return new AppError(413, 'BODY_TOO_LARGE', `The request body is too large${size}.`);
}
