import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerCache } from './answer-cache.ts';
import { chargeUncached } from './search-budget.ts';

/**
 * An answer as sent, made once and sent many times (the kept answers of http/answer-cache.ts: the
 * public gallery's pages, the anonymous home page): its bytes, its ETag, and its compressed forms,
 * each made the first time a visitor asks for it. A request for a kept answer then costs no
 * serializing, hashing, compressing or text encoding.
 */
export interface KeptBody {
  status: number;
  type: string;
  body: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * `text` as a kept answer. `sameAs`, when given, is what the ETag is made from (a page drawn at
 * another moment, with another time stamp, is the same page).
 */
export function keptBody(
  text: string | Buffer,
  type: string,
  status = 200,
  sameAs: string | Buffer = text,
): KeptBody {
  return {
    status,
    type,
    body: typeof text === 'string' ? Buffer.from(text) : text,
    etag: `"${createHash('sha1').update(sameAs).digest('base64url')}"`,
  };
}

/**
 * A route's answer, the same for every visitor, from `cache` under the request's URL: made by
 * `make` and written by the route's own serializer (its response schema) when not kept. One made
 * anew for a query string is charged to the client's address (http/search-budget.ts).
 */
export async function sendKeptJson(
  cache: AnswerCache<KeptBody>,
  request: FastifyRequest,
  reply: FastifyReply,
  make: () => Promise<unknown>,
) {
  if (cache.enabled && request.url.includes('?') && !cache.fresh(request.url)) chargeUncached(request);
  const kept = await cache.get(request.url, async () => {
    const value = await make();
    // A value given again (an answer kept until the content changes, server/db/data-versions.ts)
    // was written already: by this route, the same bytes.
    const route = request.routeOptions.url ?? '';
    const known = value && typeof value === 'object' ? writtenValues.get(value) : undefined;
    if (known?.route === route) return known.kept;
    const written = reply.serialize(value);
    const made = keptBody(
      written instanceof ArrayBuffer ? Buffer.from(written) : written,
      'application/json; charset=utf-8',
    );
    if (value && typeof value === 'object') writtenValues.set(value, { route, kept: made });
    return made;
  });
  return sendKept(request, reply, kept);
}

/** The answers written, by the value they were written from (and the route that wrote it). */
const writtenValues = new WeakMap<object, { route: string; kept: KeptBody }>();

/**
 * Sends a kept answer: 304 when the browser holds it already, else brotli or gzip as the browser
 * accepts (at levels quick enough to make on a visitor's request, once per kept answer).
 */
export function sendKept(request: FastifyRequest, reply: FastifyReply, kept: KeptBody) {
  reply.status(kept.status).type(kept.type).header('etag', kept.etag).header('vary', varyWith(reply));
  if (kept.status === 200 && request.headers['if-none-match'] === kept.etag) {
    return reply.status(304).send();
  }
  // Below 1 KB compressing saves less than it costs (the API's own threshold, app.ts).
  if (kept.body.length < 1024) return reply.send(kept.body);
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.split('=')[1]) > 0)
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) {
    kept.br ??= brotliCompressSync(kept.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(kept.br);
  }
  if (accepted.includes('gzip')) {
    kept.gzip ??= gzipSync(kept.body, { level: 6 });
    return reply.header('content-encoding', 'gzip').send(kept.gzip);
  }
  return reply.send(kept.body);
}

function varyWith(reply: FastifyReply): string {
  const vary = reply.getHeader('vary');
  if (!vary) return 'accept-encoding';
  return /accept-encoding/i.test(String(vary)) ? String(vary) : `${vary}, accept-encoding`;
}
