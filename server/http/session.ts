import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Action, Actor } from '#common/permissions.ts';
import type { User } from '../db/schema.ts';
import { can } from '#common/permissions.ts';
import type { AppContext } from './context.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { toActor } from '../auth/actor.ts';
import { onSessionsChanged } from '../auth/account-events.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the caller must be allowed to do (common/permissions.ts). Every /api route declares one. */
    permission?: Action;
  }
  interface FastifyRequest {
    /** The signed-in account, looked up once per request and only when asked for. */
    user(): Promise<User | null>;
    actor(): Promise<Actor>;
    /** The id of the session the request came with (null for a guest): what stays open ends with it. */
    sessionId(): Promise<string | null>;
  }
}

/** The routes and their declared permissions, as registered (the route-table test walks this). */
export interface RouteDeclaration {
  method: string;
  url: string;
  permission: Action | undefined;
  /** The route's request schemas (zod), for tests that derive inputs from them. */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
}

/** An account by its id: the users feature's lookup, given by app.ts (http/ imports no feature). */
export type FindUser = (db: AppContext['db'], id: string) => Promise<User | undefined>;

export function installSession(
  app: FastifyInstance,
  ctx: AppContext,
  declarations: RouteDeclaration[],
  findUser: FindUser,
) {
  app.addHook('onRoute', (route) => {
    // And the pages' own forms (sign-in, /submit …), which declare a permission as /api routes do.
    const ours = route.url.startsWith('/api') || route.url.startsWith('/files') || route.config?.permission;
    if (!ours) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      declarations.push({
        method,
        url: route.url,
        permission: route.config?.permission,
        schema: route.schema as RouteDeclaration['schema'],
      });
    }
  });

  app.addHook('onClose', async () => forgetSessions(ctx));
  app.decorateRequest('user', function (this: FastifyRequest) {
    throw new Error('replaced per request');
  });
  app.decorateRequest('actor', function (this: FastifyRequest) {
    throw new Error('replaced per request');
  });
  app.decorateRequest('sessionId', function (this: FastifyRequest) {
    throw new Error('replaced per request');
  });

  // The route's declared permission is checked as soon as the request arrives, before its body is
  // read or validated (a visitor gets 401, never a 400 about a body they may not send); services
  // check again with the resource in hand.
  app.addHook('onRequest', async (request) => {
    let pending: Promise<SignedIn> | undefined;
    const load = () => {
      pending ??= loadSession(ctx, request.headers.cookie, findUser);
      return pending;
    };
    request.user = async () => (await load()).user;
    request.sessionId = async () => (await load()).sessionId;
    request.actor = async () => toActor(await request.user());
    const permission = request.routeOptions.config?.permission;
    if (!permission) return;
    const actor = await request.actor();
    if (!can(actor, permission)) throw actor ? forbidden() : unauthorized();
  });
}

type SignedIn = { user: User | null; sessionId: string | null };

/**
 * How long a session the database confirmed is trusted from memory: a signed-in visitor's page
 * and the requests its script makes next cost one look-up of the session, not one each. The account
 * itself (its role, whether it is active) is read from the database on every request; a session
 * that ends (sign-out, a password reset's revocation) or an account that changes (deactivated,
 * deleted, its role changed), here or on another instance (server/auth/account-events.ts), is
 * forgotten at once, and everything when the other instances' news may have been missed.
 */
const SESSION_MEMO_MS = 5_000;
const SESSION_MEMO_MAX = 10_000;

interface SessionMemo {
  byCookie: Map<string, { sessionId: string; userId: string; until: number }>;
  /** Counts changes: a look-up that a change overtook is not remembered. */
  changes: number;
}

const memos = new Set<SessionMemo>();
onSessionsChanged((change) => {
  for (const memo of memos) {
    memo.changes += 1;
    if (change === 'everyone') {
      memo.byCookie.clear();
      continue;
    }
    for (const [key, entry] of memo.byCookie) {
      if ('sessionId' in change ? entry.sessionId === change.sessionId : entry.userId === change.userId) {
        memo.byCookie.delete(key);
      }
    }
  }
});

const sessionMemos = new WeakMap<object, SessionMemo>();
function memoOf(ctx: Pick<AppContext, 'auth'>): SessionMemo {
  let memo = sessionMemos.get(ctx.auth);
  if (!memo) {
    memo = { byCookie: new Map(), changes: 0 };
    sessionMemos.set(ctx.auth, memo);
    memos.add(memo);
  }
  return memo;
}

/** Stops remembering sessions for this app (it closed). */
export function forgetSessions(ctx: Pick<AppContext, 'auth'>) {
  const memo = sessionMemos.get(ctx.auth);
  if (memo) memos.delete(memo);
  sessionMemos.delete(ctx.auth);
}

/** The session token cookie, signature included, as sent: the key a confirmed session is remembered by. */
const SESSION_COOKIE = /(?:^|;\s*)((?:__Secure-)?better-auth\.session_token=[^;]*)/;

/**
 * The account and session `cookie` names, if live. A request's own is read once, through
 * `request.user()`; this is for a page drawn with other cookies (a form that just signed in).
 */
export async function loadSession(
  ctx: Pick<AppContext, 'auth' | 'db'>,
  cookie: string | undefined,
  findUser: FindUser,
): Promise<SignedIn> {
  const guest = { user: null, sessionId: null };
  if (!cookie) return guest;
  const key = SESSION_COOKIE.exec(cookie)?.[1];
  if (!key) return guest;
  const memo = memoOf(ctx);
  const now = Date.now();
  let known = memo.byCookie.get(key);
  if (!known || known.until <= now) {
    const headers = new Headers();
    headers.set('cookie', cookie);
    const changes = memo.changes;
    const session = await ctx.auth.api.getSession({ headers });
    if (!session) {
      memo.byCookie.delete(key);
      return guest;
    }
    known = {
      sessionId: session.session.id,
      userId: session.user.id,
      until: Math.min(now + SESSION_MEMO_MS, new Date(session.session.expiresAt).getTime()),
    };
    if (memo.byCookie.size >= SESSION_MEMO_MAX) memo.byCookie.clear();
    if (memo.changes === changes) memo.byCookie.set(key, known);
  }
  const user = await findUser(ctx.db, known.userId);
  // A deactivated account has no sessions left; this guards the moment between.
  return user?.is_active ? { user, sessionId: known.sessionId } : guest;
}
