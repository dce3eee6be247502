import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../http/context.ts';
import type { FastifyZod } from '../http/fastify.ts';
import { notFound } from '../errors.ts';
import { defineFeature } from '../http/feature.ts';
import { CONFIRM_PARAM, type ConfirmOutcome } from '#common/confirm.ts';
import { paths } from '#common/paths.ts';
import { CLIENT_IP_HEADER } from './auth.ts';

/**
 * better-auth serves /api/auth/* (sign-in, sign-up, sign-out, session, password reset). This
 * bridge hands it a web Request and copies its Response back. The client address it rate-limits
 * by is the one Fastify determined (TRUST_PROXY decides whether X-Forwarded-For counts), written
 * into a header the client cannot choose. Password guessing is slowed inside the library's
 * pipeline (auth.ts, account-lockout.ts).
 */
/**
 * The auth library's endpoints the app uses; every other one (update-user, change-email,
 * delete-user, list-sessions, …) answers 404, so nothing reaches the accounts around the
 * permission table and its activity log (issue 30 B10). Server-side calls (`auth.api.*`) are not
 * affected.
 */
export const AUTH_ENDPOINTS_SERVED: readonly { method: 'GET' | 'POST'; path: string }[] = [
  { method: 'POST', path: '/sign-in/email' },
  { method: 'POST', path: '/sign-up/email' },
  { method: 'POST', path: '/sign-out' },
  { method: 'POST', path: '/request-password-reset' },
  { method: 'GET', path: '/reset-password/:token' },
  { method: 'POST', path: '/reset-password' },
  { method: 'GET', path: '/verify-email' },
  { method: 'POST', path: '/send-verification-email' },
];

export const authFeature = defineFeature({
  name: 'auth',
  public: (routes, ctx) => bridgeAuth(routes, ctx),
});

function bridgeAuth(app: FastifyZod, ctx: AppContext) {
  const origin = new URL(ctx.config.publicUrl).origin;
  const options = { config: { permission: 'account:authenticate' as const } };
  const bridge = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isServed(request)) throw notFound();
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name === CLIENT_IP_HEADER) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    headers.set(CLIENT_IP_HEADER, request.ip);
    const hasBody = request.method === 'POST' && request.body !== undefined;
    const response = await ctx.auth.handler(
      new Request(new URL(request.url, origin), {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
      }),
    );
    if (isConfirmation(request) && response.status === 302) {
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.header('cache-control', 'no-store').redirect(confirmationTarget(response), 302);
    }
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
  };
  app.get('/*', options, bridge);
  app.post('/*', options, bridge);
}

const servedPatterns = AUTH_ENDPOINTS_SERVED.map(({ method, path }) => ({
  method,
  pattern: new RegExp(`^/api/auth${path.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`),
}));

const isConfirmation = (request: FastifyRequest) =>
  request.method === 'GET' && /^\/api\/auth\/verify-email\/?$/.test(request.url.split('?')[0]!);

/**
 * Where the link of a confirmation mail leads, whatever page the link named: the contributor's
 * dashboard when it signed its owner in; else the sign-in page, saying why (common/confirm.ts):
 * the address was confirmed already (the link used before, by its owner or a mail scanner), or
 * the link expired or is not one of ours.
 */
function confirmationTarget(response: Response): string {
  const signedIn = response.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c));
  if (signedIn) return paths.contributorDashboard;
  const error = new URL(response.headers.get('location') ?? '/', 'http://x').searchParams.get('error');
  const outcome: ConfirmOutcome = !error ? 'done' : error === 'TOKEN_EXPIRED' ? 'expired' : 'invalid';
  return `${paths.contributorLogin}?${CONFIRM_PARAM}=${outcome}`;
}

function isServed(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]!;
  return servedPatterns.some(({ method, pattern }) => method === request.method && pattern.test(path));
}
