import { z } from 'zod';
import {
  createTranslationBody,
  messagesQuery,
  messagesResponse,
  translationExport,
  translationIdParams,
  translationListResponse,
  translationResponse,
  updateTranslationBody,
} from '../../../common/translations.ts';
import type { AppContext } from '../../http/context.ts';
import type { FastifyZod } from '../../http/fastify.ts';
import {
  createTranslation,
  deleteTranslation,
  exportTranslations,
  getMessages,
  listAllTranslations,
  updateTranslation,
} from './translations.service.ts';

export async function translationsRoutes(app: FastifyZod, ctx: AppContext) {
  // The texts every page shows. Revalidated on each use (no-cache + ETag): unchanged texts cost a
  // 304 with no body, and an admin's edit shows on the visitor's next load.
  app.get(
    '/api/translations',
    {
      config: { permission: 'gallery:browse' },
      schema: { querystring: messagesQuery, response: { 200: messagesResponse, 304: z.undefined() } },
    },
    async (request, reply) => {
      const { lang, messages, etag } = await getMessages(ctx.db, request.query.lang);
      reply.header('cache-control', 'no-cache');
      reply.header('etag', etag);
      if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return { lang, messages };
    },
  );

  app.get(
    '/api/admin/translations',
    { config: { permission: 'translation:manage' }, schema: { response: { 200: translationListResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { translations: await listAllTranslations(ctx.db, await request.actor()) };
    },
  );

  app.get(
    '/api/admin/translations/export',
    { config: { permission: 'translation:manage' }, schema: { response: { 200: translationExport } } },
    async (request, reply) => {
      const body = await exportTranslations(ctx.db, await request.actor());
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', 'attachment; filename="translations.json"');
      return body;
    },
  );

  app.post(
    '/api/admin/translations',
    {
      config: { permission: 'translation:manage' },
      schema: { body: createTranslationBody, response: { 201: translationResponse } },
    },
    async (request, reply) => {
      const translation = await createTranslation(ctx.db, await request.actor(), request.body);
      return reply.status(201).send({ translation });
    },
  );

  app.patch(
    '/api/admin/translations/:id',
    {
      config: { permission: 'translation:manage' },
      schema: {
        params: translationIdParams,
        body: updateTranslationBody,
        response: { 200: translationResponse },
      },
    },
    async (request) => ({
      translation: await updateTranslation(ctx.db, await request.actor(), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/admin/translations/:id',
    { config: { permission: 'translation:manage' }, schema: { params: translationIdParams } },
    async (request, reply) => {
      await deleteTranslation(ctx.db, await request.actor(), request.params.id);
      return reply.status(204).send();
    },
  );
}

function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}
