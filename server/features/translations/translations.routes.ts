import { idParams } from '#common/api/shared.ts';
import { z } from 'zod';
import {
  createTranslationBody,
  messagesQuery,
  messagesResponse,
  seedTranslationsResponse,
  TRANSLATION_EXPORT_FILES,
  translationExportAny,
  translationExportQuery,
  translationStats,
  translationListQuery,
  translationListResponse,
  translationResponse,
  updateTranslationBody,
} from '#common/translations.ts';
import { defineFeature } from '#server/http/feature.ts';
import {
  createTranslation,
  deleteTranslation,
  exportTranslations,
  getMessages,
  getTranslationStats,
  listTranslations,
  seedTranslations,
  updateTranslation,
} from './translations.service.ts';
import { BODY_LIMITS } from '#server/http/json-body.ts';

export const translationsFeature = defineFeature({
  name: 'translations',
  public(routes, ctx) {
    // The texts every page shows. Revalidated on each use (no-cache + ETag): unchanged texts cost a
    // 304 with no body, and an admin's edit shows on the visitor's next load.
    routes.get(
      '',
      {
        config: { permission: 'gallery:browse' },
        schema: { querystring: messagesQuery, response: { 200: messagesResponse, 304: z.undefined() } },
      },
      async (request, reply) => {
        const { lang, messages, etag } = await getMessages(ctx, await request.actor(), request.query);
        reply.header('cache-control', 'no-cache');
        reply.header('etag', etag);
        if (ifNoneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send();
        return { lang, messages };
      },
    );
  },
  admin(routes, ctx) {
    routes.get(
      '',
      {
        config: { permission: 'translation:manage' },
        schema: { querystring: translationListQuery, response: { 200: translationListResponse } },
      },
      async (request) => listTranslations(ctx, await request.actor(), request.query),
    );

    routes.get(
      '/stats',
      { config: { permission: 'translation:manage' }, schema: { response: { 200: translationStats } } },
      async (request) => getTranslationStats(ctx, await request.actor(), {}),
    );

    routes.get(
      '/export',
      {
        config: { permission: 'translation:manage' },
        schema: { querystring: translationExportQuery, response: { 200: translationExportAny } },
      },
      async (request, reply) => {
        const body = await exportTranslations(ctx, await request.actor(), request.query);
        const file =
          request.query.include === 'english'
            ? TRANSLATION_EXPORT_FILES.english
            : TRANSLATION_EXPORT_FILES.faroese;
        reply.header('content-disposition', `attachment; filename="${file}"`);
        return body;
      },
    );

    routes.post(
      '/seed',
      {
        config: { permission: 'translation:manage' },
        schema: { response: { 200: seedTranslationsResponse } },
      },
      async (request) => seedTranslations(ctx, await request.actor(), {}),
    );

    routes.post(
      '',
      {
        config: { permission: 'translation:manage' },
        bodyLimit: BODY_LIMITS.texts,
        schema: { body: createTranslationBody, response: { 201: translationResponse } },
      },
      async (request, reply) => {
        const translation = await createTranslation(ctx, await request.actor(), request.body);
        return reply.status(201).send({ translation });
      },
    );

    routes.patch(
      '/:id',
      {
        config: { permission: 'translation:manage' },
        bodyLimit: BODY_LIMITS.texts,
        schema: {
          params: idParams,
          body: updateTranslationBody,
          response: { 200: translationResponse },
        },
      },
      async (request) => ({
        translation: await updateTranslation(ctx, await request.actor(), {
          ...request.body,
          id: request.params.id,
        }),
      }),
    );

    routes.delete(
      '/:id',
      { config: { permission: 'translation:manage' }, schema: { params: idParams } },
      async (request, reply) => {
        await deleteTranslation(ctx, await request.actor(), request.params);
        return reply.status(204).send();
      },
    );
  },
});

function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || value === `W/${etag}`;
  });
}
