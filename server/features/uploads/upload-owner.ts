import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '#common/permissions.ts';

/**
 * The anonymous uploader's cookie: a random value set when an anonymous visitor creates an upload.
 * Only a request carrying it (or, for an account, the same account's session) may continue,
 * inspect, delete or claim that upload.
 */
export const UPLOADER_COOKIE = 'archive_uploader';
const COOKIE_VALUE = /^[A-Za-z0-9_-]{43}$/;

function cookieValue(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (name === UPLOADER_COOKIE && COOKIE_VALUE.test(value)) return value;
  }
  return undefined;
}

const anonymousOwner = (value: string) => `anon:${createHash('sha256').update(value).digest('hex')}`;

/** Who this request acts as for uploads: the account, else the uploader cookie; undefined if neither. */
export function uploadOwnerOf(request: FastifyRequest, actor: Actor): string | undefined {
  if (actor) return `user:${actor.id}`;
  const value = cookieValue(request);
  return value ? anonymousOwner(value) : undefined;
}

/** The owner for a new upload; an anonymous visitor without the cookie gets one (HttpOnly, Lax). */
export function ensureUploadOwner(
  request: FastifyRequest,
  reply: FastifyReply,
  actor: Actor,
  secure: boolean,
): string {
  const existing = uploadOwnerOf(request, actor);
  if (existing) return existing;
  const value = randomBytes(32).toString('base64url');
  reply.raw.setHeader(
    'set-cookie',
    `${UPLOADER_COOKIE}=${value}; Path=/api; HttpOnly; SameSite=Lax; Max-Age=86400${secure ? '; Secure' : ''}`,
  );
  return anonymousOwner(value);
}
