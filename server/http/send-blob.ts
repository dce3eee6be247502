import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BlobStore } from '../storage/blob-store.ts';
import type { KeptSmallFiles } from '../storage/kept-small-files.ts';
import { notFound } from '../errors.ts';

/** One stored file, resolved and cleared for this caller (features/files makes them). */
export interface ServableFile {
  key: string;
  mimeType: string;
  /** The name offered when saving: the sender's name, with the served file's extension. */
  downloadName: string;
  etag: string;
  /** Anyone may fetch it, so shared caches may keep it. */
  isPublic: boolean;
  watermarked: boolean;
}

const PLAYABLE = /^(image|video|audio)\//;

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against a size; null when absent, 'invalid' when unsatisfiable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges in one request are answered with the whole file, as the RFC allows.
  if (!match) return header.includes(',') ? null : 'invalid';
  const [, from, to] = match;
  if (from === '' && to === '') return 'invalid';
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || end < start) return 'invalid';
  return { start, end };
}

/**
 * Streams a stored file with what a careful file server sends: ETag/304, byte ranges (206) for
 * seeking in video and audio, caching that fits who may see the file, nosniff, a sandbox for
 * anything that is not an image, video or sound, and an attachment name on download. A small file
 * (a thumbnail) is sent from memory when `kept` holds it, and read whole and kept when it does not.
 */
export async function sendBlob(
  request: FastifyRequest<{ Querystring: { download?: string; v?: string } }>,
  reply: FastifyReply,
  blobs: BlobStore,
  file: ServableFile,
  kept?: KeptSmallFiles,
) {
  const held = kept?.peek(file.key);
  const size = held?.length ?? (await blobs.stat(file.key))?.size;
  if (size === undefined) throw notFound('File not found');
  const etag = `"${file.etag}"`;
  reply.header('etag', etag);
  reply.header('accept-ranges', 'bytes');
  reply.header('cache-control', cacheControl(file, request.query.v));
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cross-origin-resource-policy', 'same-origin');
  reply.header(
    'content-security-policy',
    PLAYABLE.test(file.mimeType)
      ? "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'"
      : "sandbox; frame-ancestors 'self'",
  );
  const download = request.query.download !== undefined;
  if (download) reply.header('content-disposition', contentDisposition(file.downloadName));

  if (request.headers['if-none-match'] === etag) return reply.status(304).send();

  const range = parseRange(request.headers.range, size);
  if (range === 'invalid') {
    reply.header('content-range', `bytes */${size}`);
    return reply.status(416).send();
  }
  reply.type(file.mimeType);
  if (request.method === 'HEAD') {
    // Fastify's HEAD route says 0 for no payload and drains a stream: an empty one keeps the
    // length, and no file is read for it.
    reply.header('content-length', size);
    return reply.send(Readable.from([]));
  }
  if (range) {
    const body = held ? held.subarray(range.start, range.end + 1) : (await blobs.get(file.key, range)).body;
    reply.status(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${size}`);
    reply.header('content-length', range.end - range.start + 1);
    return reply.send(body);
  }
  const whole = held ?? (await kept?.read(file.key, size));
  if (whole) {
    reply.header('content-length', whole.length);
    return reply.send(whole);
  }
  const { body } = await blobs.get(file.key);
  reply.header('content-length', size);
  return reply.send(body);
}

/**
 * A file of a public item named by its exact version (`?v=` as the presenters write it: the
 * file's own version, or the first 16 characters of an original's SHA-256) may be cached for
 * good; without `v`, or with any other (an old or made-up one), it must be revalidated, so it never outlives a change.
 * A file that is not public is never kept by shared caches.
 */
export function cacheControl(file: Pick<ServableFile, 'etag' | 'isPublic'>, raw: string | undefined): string {
  if (!file.isPublic) return 'private, no-cache';
  // After the item's salt (media.presenter.ts), checked by the service.
  const v = raw?.replace(/^[0-9a-f]{8}\./, '');
  const current = v !== undefined && (v === file.etag || (v.length >= 16 && file.etag.startsWith(v)));
  return current ? 'public, max-age=31536000, immutable' : 'public, no-cache';
}

/** `attachment` with an ASCII fallback name and the real (UTF-8) one, RFC 6266 / 5987. */
export function contentDisposition(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
