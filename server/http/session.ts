import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Action, Actor } from '#common/permissions.ts';
import type { User } from '../db/schema.ts';
import { can } from '#common/permissions.ts';
import type { AppContext } from './context.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { toActor } from '../auth/actor.ts';

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
      pending ??= loadSession(ctx, request, findUser);
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

async function loadSession(ctx: AppContext, request: FastifyRequest, findUser: FindUser): Promise<SignedIn> {
  const guest = { user: null, sessionId: null };
  if (!request.headers.cookie) return guest;
  const headers = new Headers();
  headers.set('cookie', request.headers.cookie);
  const session = await ctx.auth.api.getSession({ headers });
  if (!session) return guest;
  const user = await findUser(ctx.db, session.user.id);
  // A deactivated account has no sessions left; this guards the moment between.
  return user?.is_active ? { user, sessionId: session.session.id } : guest;
}
