import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { authRoutes } from './auth/auth.routes.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { documentsRoutes } from './features/documents/documents.routes.ts';
import { filesRoutes } from './features/files/files.routes.ts';
import { galleryRoutes } from './features/gallery/gallery.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { categoriesRoutes } from './features/categories/categories.routes.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import { settingsRoutes } from './features/settings/settings.routes.ts';
import { slideshowsRoutes } from './features/slideshows/slideshows.routes.ts';
import { submissionsRoutes } from './features/submissions/submissions.routes.ts';
import { translationsRoutes } from './features/translations/translations.routes.ts';
import { usersRoutes } from './features/users/users.routes.ts';
import type { AppContext } from './http/context.ts';
import { AppError } from './http/errors.ts';
import { IngestError } from './media/ingest/ingest-error.ts';
import { installSession, type RouteDeclaration } from './http/session.ts';
import { registerWebApp } from './web/web-app.ts';

export interface BuildAppOptions {
  context: Omit<AppContext, 'logger'>;
  logger?: FastifyBaseLogger | boolean | { level: string };
}

/** The whole HTTP service: JSON API under /api, files under /files, the built web app. */
export async function buildApp({ context, logger = false }: BuildAppOptions) {
  const app = Fastify({
    logger: typeof logger === 'object' && 'child' in logger ? undefined : logger,
    loggerInstance: typeof logger === 'object' && 'child' in logger ? logger : undefined,
    trustProxy: context.config.trustProxy,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = { ...context, logger: app.log };
  const routes: RouteDeclaration[] = [];
  app.decorate('routeDeclarations', routes);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: context.config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: context.config.publicUrl.startsWith('https:'),
  });

  installSession(app, ctx, routes);
  await app.register(multipart);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof IngestError) {
      return reply
        .status(error.statusCode)
        .send({ code: error.code, message: error.message, fileName: error.fileName });
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ code: error.code, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
      const message = `${field ? `${field}: ` : ''}${issue?.message ?? 'Invalid request'}`;
      return reply.status(400).send({ code: 'VALIDATION_ERROR', message });
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
    await authRoutes(api, ctx);
    await healthRoutes(api, ctx);
    await accountRoutes(api, ctx);
    await galleryRoutes(api, ctx);
    await settingsRoutes(api, ctx);
    await categoriesRoutes(api, ctx);
    await usersRoutes(api, ctx);
    await mediaRoutes(api, ctx);
    await documentsRoutes(api, ctx);
    await submissionsRoutes(api, ctx);
    await slideshowsRoutes(api, ctx);
    await translationsRoutes(api, ctx);
  });
  await app.register(async (files) => {
    await filesRoutes(files, ctx);
  });

  await registerWebApp(app as unknown as FastifyInstance, ctx.config.webDir);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeDeclarations: RouteDeclaration[];
  }
}
