import { parse as parseQuery } from 'node:querystring';
import type { FastifyInstance } from 'fastify';
import type { ZodType } from 'zod';
import { matchRoute } from '#common/paths.ts';
import { type Actor, can } from '#common/permissions.ts';
import type { User } from '#server/db/schema.ts';
import { presentMe } from '#server/features/users/users.public.ts';
import { listPublicCategories } from '#server/features/categories/categories.service.ts';
import { getLatestDocument } from '#server/features/documents/documents.service.ts';
import {
  getGallerySummary,
  getTimeline,
  listFeatured,
  listGallery,
} from '#server/features/gallery/gallery.service.ts';
import { listMapItems } from '#server/features/map/map.service.ts';
import { getMediaItem } from '#server/features/media/media.service.ts';
import { getPublicPerson, listPublicBoxes } from '#server/features/people/people.service.ts';
import { getSiteSettings } from '#server/features/settings/settings.service.ts';
import { getLatestSlideshow, getSlideshow } from '#server/features/slideshows/slideshows.service.ts';
import { getMessages } from '#server/features/translations/translations.service.ts';
import type { AppContext } from '../http/context.ts';
import { AppError, forbidden, unauthorized } from '../errors.ts';
import { responseSerializerCompiler } from '../http/serializer.ts';
import type { RouteDeclaration } from '../http/session.ts';

/** Who a page is drawn for: its account (null for a guest) and the actor made of it. */
export interface Visitor {
  user: User | null;
  actor: Actor;
}

type Input = { query: never; params: never };
type Answer = (ctx: AppContext, visitor: Visitor, input: Input) => Promise<unknown>;

/**
 * What each GET route a page embeds answers, called in-process: the same service call as the
 * route's handler (its *.routes.ts), with the visitor's actor. The route's declared permission, its
 * query and params schemas and its response writer are the route's own, taken from its
 * registration (`boot-answers.test.ts` compares every answer with the API's, byte for byte, for a
 * guest, a contributor and an admin). A page used to ask for these through `app.inject`: the whole
 * HTTP pipeline, the session looked up again, the JSON parsed and written out again, for each.
 */
const ANSWERS: Record<string, Answer> = {
  '/api/me': async (_ctx, { user }) => ({ user: user ? presentMe(user) : null }),
  '/api/settings/public': (ctx, { actor }) => getSiteSettings(ctx, actor, {}),
  '/api/documents/latest': (ctx, { actor }, { query }) => getLatestDocument(ctx, actor, query),
  '/api/slideshows/latest': (ctx, { actor }) => getLatestSlideshow(ctx, actor, {}),
  // The remembered texts themselves (the same object while unchanged, so written once: below);
  // the writer keeps the schema's fields, lang and messages, as the route's answer has them.
  '/api/translations': (ctx, { actor }, { query }) => getMessages(ctx, actor, query),
  '/api/gallery/summary': (ctx, { actor }) => getGallerySummary(ctx, actor, {}),
  '/api/gallery/featured': (ctx, { actor }) => listFeatured(ctx, actor, {}),
  '/api/categories': (ctx, { actor }) => listPublicCategories(ctx, actor, {}),
  '/api/gallery': (ctx, { actor }, { query }) => listGallery(ctx, actor, query),
  '/api/gallery/timeline': (ctx, { actor }, { query }) => getTimeline(ctx, actor, query),
  // The map's located items by title, for its page without script (issue 28 §4).
  '/api/map/items': (ctx, { actor }, { query }) => listMapItems(ctx, actor, query),
  '/api/media/:id': async (ctx, { actor }, { params }) => mediaAnswer(await getMediaItem(ctx, actor, params)),
  '/api/slideshows/:id': (ctx, { actor }, { params }) => getSlideshow(ctx, actor, params),
  '/api/people/media/:mediaId': (ctx, { actor }, { params }) =>
    listPublicBoxes(ctx, actor, params as { mediaId: string }),
  '/api/people/:id': (ctx, { actor }, { params }) => getPublicPerson(ctx, actor, params as { id: string }),
};

/** The item's answer, the same object for the same kept item (so written once: writeOnce). */
const mediaAnswers = new WeakMap<object, { media: object }>();
function mediaAnswer(media: object): { media: object } {
  let answer = mediaAnswers.get(media);
  if (!answer) {
    answer = { media };
    mediaAnswers.set(media, answer);
  }
  return answer;
}

/** One answer as the API would send it: its status, and when 200 its JSON text and the value written. */
export type BootAnswer = { status: number; json?: string; value?: unknown };

interface Route {
  pattern: string;
  answer: Answer;
  permission: RouteDeclaration['permission'];
  query?: ZodType;
  params?: ZodType;
  write: (data: unknown) => string;
}

/**
 * The in-process answerer of the embedded paths, made once the routes are registered (their
 * permissions, schemas and compiled response writers are read then, not per request).
 */
export function createBootAnswers(app: FastifyInstance, ctx: AppContext) {
  let routes: Route[] | undefined;
  const resolve = (): Route[] =>
    Object.entries(ANSWERS).map(([pattern, answer]) => {
      const declared = app.routeDeclarations.find((r) => r.method === 'GET' && r.url === pattern);
      const response = (declared?.schema as { response?: Record<string, unknown> } | undefined)
        ?.response?.[200];
      if (!declared || !response) throw new Error(`the page embeds GET ${pattern}, which is not a route`);
      return {
        pattern,
        answer,
        permission: declared.permission,
        query: declared.schema?.querystring as ZodType | undefined,
        params: declared.schema?.params as ZodType | undefined,
        write: responseSerializerCompiler({
          schema: response as ZodType,
          method: 'GET',
          url: pattern,
          httpStatus: '200',
        } as never) as (data: unknown) => string,
      };
    });

  /**
   * What `path` asks for: its route and its input as the route's schemas read it (null: no route;
   * `input` null: a 400), the same for every visitor, so read once per distinct path (a page asks
   * the same few again and again), frozen as the services are given it.
   */
  const asked = new Map<string, Asked | null>();
  const read = (path: string): Asked | null => {
    if (asked.has(path)) return asked.get(path) ?? null;
    routes ??= resolve();
    const found = readPath(routes, path);
    if (asked.size >= ASKED_MAX) asked.delete(asked.keys().next().value as string);
    asked.set(path, found);
    return found;
  };

  /** The answer to GET `path` for `visitor`, as the API would give it. */
  return async function answer(path: string, visitor: Visitor): Promise<BootAnswer> {
    const found = read(path);
    if (!found) return { status: 404 };
    const { route, input } = found;
    // The route's own checks, in its order: the permission (onRequest), then the input (400).
    if (route.permission && !can(visitor.actor, route.permission)) {
      return { status: (visitor.actor ? forbidden() : unauthorized()).statusCode };
    }
    if (!input) return { status: 400 };
    try {
      const value = await route.answer(ctx, visitor, input);
      return { status: 200, json: writeOnce(route, value), value };
    } catch (error) {
      if (error instanceof AppError) return { status: error.statusCode };
      throw error;
    }
  };
}

/** Distinct paths whose reading is remembered (a page's are a few; a crowd's searches many). */
const ASKED_MAX = 1_000;

interface Asked {
  route: Route;
  input: Input | null;
}

/** The route `path` asks (a path of its own first, /api/slideshows/latest, then one with an id) and its input. */
function readPath(routes: Route[], path: string): Asked | null {
  const [pathname = '', search = ''] = path.split('?', 2);
  let route = routes.find((r) => r.pattern === pathname);
  let rawParams: Record<string, string> | null = route ? {} : null;
  for (const r of route ? [] : routes) {
    rawParams = r.pattern.includes(':') ? matchRoute(r.pattern, pathname) : null;
    if (rawParams) {
      route = r;
      break;
    }
  }
  if (!route || !rawParams) return null;
  const query = route.query ? route.query.safeParse({ ...parseQuery(search) }) : { success: true, data: {} };
  const params = route.params ? route.params.safeParse(rawParams) : { success: true, data: rawParams };
  if (!query.success || !params.success) return { route, input: null };
  const input = { query: Object.freeze(query.data), params: Object.freeze(params.data) } as Input;
  return { route, input: Object.freeze(input) };
}

/** An answer that is the very object written before (a service's remembered value) is written once. */
const written = new WeakMap<object, string>();
function writeOnce(route: Route, value: unknown): string {
  if (!value || typeof value !== 'object') return route.write(value);
  let text = written.get(value);
  if (text === undefined) {
    text = route.write(value);
    written.set(value, text);
  }
  return text;
}

export type AnswerBoot = ReturnType<typeof createBootAnswers>;
