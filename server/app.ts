import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import helmet from 'helmet';
import { authFeature } from './auth/auth.routes.ts';
import { fastifyTrustProxy } from './config.ts';
import { accountFeature } from './features/account/account.routes.ts';
import { activityFeature } from './features/activity/activity.routes.ts';
import { catalogueFeature } from './features/catalogue/catalogue.routes.ts';
import { categoriesFeature } from './features/categories/categories.routes.ts';
import { placesFeature } from './features/places/places.routes.ts';
import { contributorFeature } from './features/contributor/contributor.routes.ts';
import { dashboardFeature } from './features/dashboard/dashboard.routes.ts';
import { documentsFeature } from './features/documents/documents.routes.ts';
import { facesFeature } from './features/faces/faces.routes.ts';
import { filesFeature } from './features/files/files.routes.ts';
import { galleryFeature } from './features/gallery/gallery.routes.ts';
import { healthFeature } from './features/health/health.routes.ts';
import { iiifFeature } from './features/iiif/iiif.routes.ts';
import { mapFeature } from './features/map/map.routes.ts';
import { mediaFeature } from './features/media/media.routes.ts';
import { oaiFeature } from './features/oai/oai.routes.ts';
import { sitemapFeature } from './features/sitemap/sitemap.routes.ts';
import { profileFeature } from './features/profile/profile.routes.ts';
import { searchFeature } from './features/search/search.routes.ts';
import { foldersFeature } from './features/folders/folders.routes.ts';
import { settingsFeature } from './features/settings/settings.routes.ts';
import { slideshowsFeature } from './features/slideshows/slideshows.routes.ts';
import { submissionsFeature, submitFormFeature } from './features/submissions/submissions.routes.ts';
import { knowledgeFeature, knowledgeFormFeature } from './features/knowledge/knowledge.routes.ts';
import { peopleFeature } from './features/people/people.routes.ts';
import { uploadsFeature } from './features/uploads/uploads.routes.ts';
import { translationsFeature } from './features/translations/translations.routes.ts';
import { usersFeature } from './features/users/users.routes.ts';
import { watermarkFeature } from './features/watermark/watermark.routes.ts';
import { registerFeature } from './http/feature.ts';
import { tileSource } from '#common/map.ts';
import type { Action } from '#common/permissions.ts';
import type { FastifyZod } from './http/fastify.ts';
import type { AppContext } from './http/context.ts';
import { AppError } from './errors.ts';
import { IngestError } from './media/ingest/ingest-error.ts';
import { installRequestGuards } from './http/request-guards.ts';
import { installConnectionBounds } from './http/connection-bounds.ts';
import { installSearchBudget } from './http/search-budget.ts';
import { BODY_LIMITS, bodyTooLarge, installJsonBody } from './http/json-body.ts';
import { noteWrite } from './http/answer-cache.ts';
import { responseSerializerCompiler } from './http/serializer.ts';
import { installSession, type RouteDeclaration } from './http/session.ts';
import { getUser } from './features/users/users.public.ts';
import { registerAuthForms } from './web/auth-forms.ts';
import { registerWebApp } from './web/web-app.ts';

export interface BuildAppOptions {
  context: Omit<AppContext, 'logger'>;
  /** The request log: a logger, or the level (and where to write, tests) of one made by Fastify. */
  logger?: FastifyBaseLogger | boolean | { level: string; stream?: { write(line: string): void } };
}

/**
 * The writes that change nothing a kept public answer shows, so do not empty them (the onResponse
 * hook below): signing in or out, a view or download counted, a contribution sent.
 */
const WRITES_NOTHING_SHARED: ReadonlySet<string> = new Set<Action>([
  'account:authenticate',
  'counter:increment',
  'submission:create',
]);

/**
 * Every feature with an API, each answering under /api/<name> and /api/admin/<name>
 * (server/http/feature.ts). Stored files are served outside the compressed /api context.
 */
const API_FEATURES = [
  authFeature,
  healthFeature,
  accountFeature,
  galleryFeature,
  mapFeature,
  mediaFeature,
  categoriesFeature,
  placesFeature,
  documentsFeature,
  slideshowsFeature,
  settingsFeature,
  translationsFeature,
  uploadsFeature,
  submissionsFeature,
  contributorFeature,
  usersFeature,
  activityFeature,
  dashboardFeature,
  searchFeature,
  foldersFeature,
  profileFeature,
  watermarkFeature,
  catalogueFeature,
  knowledgeFeature,
  facesFeature,
  peopleFeature,
];

/**
 * The request log: one line for each answer, with what Fastify's two lines ("incoming request",
 * "request completed") said between them: who asked what, the status, how long it took. Under a
 * crowd the first line was a serialisation and a write more for every request, on the event loop.
 */
class OneLineARequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** The whole HTTP service: JSON API under /api, files under /files, the built web app. */
export async function buildApp({ context, logger = false }: BuildAppOptions) {
  const app = Fastify({
    logger: typeof logger === 'object' && 'child' in logger ? undefined : logger,
    loggerInstance: typeof logger === 'object' && 'child' in logger ? logger : undefined,
    trustProxy: fastifyTrustProxy(context.config.trustProxy),
    // Each route's own when it declares one (http/json-body.ts).
    bodyLimit: BODY_LIMITS.small,
    logController: new OneLineARequest(),
  }).withTypeProvider<ZodTypeProvider>();
  installConnectionBounds(app as unknown as FastifyInstance, context.config);
  installSearchBudget(app as unknown as FastifyInstance);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const ctx: AppContext = { ...context, logger: app.log };
  const routes: RouteDeclaration[] = [];
  app.decorate('routeDeclarations', routes);

  // Helmet's headers, worked out once: @fastify/helmet built them anew, its CSP parsed again, for
  // every request (3 % of a kept gallery answer's time under load).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // An installation's own tile server (MAP_TILE_URL) draws under the map; none by default.
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...(context.config.map?.tileUrl ? [tileSource(context.config.map.tileUrl)] : []),
        ],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        // No site may frame the app (clickjacking); stored files say their own (send-blob.ts).
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: context.config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Not helmet's no-referrer: with it a form the browser posts itself (a page's form before its
    // script, or without it: /submit) carries `Origin: null`, which the cross-site check refuses.
    // Same-origin requests carry the page's address; other sites get nothing, as before.
    referrerPolicy: { policy: 'same-origin' },
    hsts: context.config.publicUrl.startsWith('https:'),
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );

  // Any successful write may change what the kept public answers show (http/answer-cache.ts);
  // signing in or out changes none of them, and must not empty the cache for everyone. Nor does a
  // visitor's view or download counted (issue 31 §4): a crowd's counting emptied it at every page;
  // the counts kept answers show catch up within PAGE_CACHE_MS and the version's own pace. Nor
  // does a contribution sent (its upload's steps, its submission): it is private until staff
  // approve it, and approving is a write of its own.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    const { permission } = request.routeOptions.config as { permission?: string };
    if (permission && WRITES_NOTHING_SHARED.has(permission)) return;
    noteWrite();
  });
  installSession(app, ctx, routes, getUser);
  // The auth library loads its tracing module on its first call (about 100 ms of compiling on the
  // main thread): let that happen at start, not in a visitor's first request.
  app.addHook('onReady', async () => {
    await ctx.auth.api.getSession({ headers: new Headers() });
  });
  const trusted = ctx.auth.options.trustedOrigins;
  installRequestGuards(
    app as unknown as FastifyInstance,
    Array.isArray(trusted) ? trusted : [new URL(ctx.config.publicUrl).origin],
  );
  installJsonBody(app as unknown as FastifyInstance);
  await app.register(multipart);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof IngestError) {
      return reply
        .status(error.statusCode)
        .send({ code: error.code, message: error.message, fileName: error.fileName });
    }
    const tooLarge = bodyTooLarge(error, request.routeOptions.bodyLimit);
    if (error instanceof AppError || tooLarge) {
      const { statusCode, code, message } = tooLarge ?? (error as AppError);
      const details = tooLarge ? undefined : (error as AppError).details;
      return reply.status(statusCode).send(details ? { code, message, details } : { code, message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Every problem with its field's dotted path, so a form can put each message by its field.
      const issues = error.validation.map((issue) => ({
        path: (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      const first = issues[0];
      const message = first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'Invalid request';
      return reply.status(400).send({ code: 'VALIDATION_ERROR', message, issues });
    }
    if (error.statusCode && error.statusCode < 500) {
      return reply
        .status(error.statusCode)
        .send({ code: error.code ?? 'BAD_REQUEST', message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: 'INTERNAL', message: 'Something went wrong on the server.' });
  });

  await app.register(async (api) => {
    // API answers (JSON) are compressed on the fly; files under /files are not: images, video and
    // audio are compressed already, and byte ranges must address the stored bytes.
    await api.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
    api.addHook('onSend', privateWhenSignedIn);
    for (const feature of API_FEATURES) await registerFeature(api as FastifyZod, ctx, feature);
  });
  await registerFeature(app, ctx, filesFeature);
  await registerFeature(app, ctx, oaiFeature);
  await registerFeature(app, ctx, sitemapFeature);
  // IIIF (Image and Presentation APIs) at /iiif, open to every origin (features/iiif).
  await registerFeature(app, ctx, iiifFeature);

  await registerWebApp(app as unknown as FastifyInstance, ctx);
  await registerAuthForms(app as unknown as FastifyInstance, ctx);
  // Forms posted to a page's own address, answered with that page (the web app draws it).
  await registerFeature(app, ctx, submitFormFeature);
  await registerFeature(app, ctx, knowledgeFormFeature);
  return app;
}

/**
 * An answer given to a signed-in account (staff's view of a private item, the visitor's own
 * submissions) is theirs alone: a CDN or proxy in front must never keep it for someone else. Any
 * answer may differ by the cookie, so shared caches key it by that too. Routes that say their own
 * caching keep it (staff routes: no-store).
 */
async function privateWhenSignedIn(request: FastifyRequest, reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/\bcookie\b/i.test(vary)) reply.header('vary', vary ? `${vary}, cookie` : 'cookie');
  if (reply.hasHeader('cache-control')) return;
  if (await signedIn(request)) reply.header('cache-control', 'private, no-cache');
}

/** Whether the request is a signed-in account's (read for the route's permission already: no second lookup). */
async function signedIn(request: FastifyRequest): Promise<boolean> {
  try {
    return (await request.user()) !== null;
  } catch {
    // Refused before the session was read (a hook ahead of it): treated as anyone's.
    return false;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    routeDeclarations: RouteDeclaration[];
  }
}
