import { z } from 'zod';
import { mediaItemResponse, updateMediaBody, uploadMediaFields } from '../../../common/api.ts';
import type { AppContext } from '../../http/context.ts';
import type { FastifyZod } from '../../http/fastify.ts';
import { readSingleFileUpload } from '../../http/multipart.ts';
import { INGEST_LIMITS } from '../../../common/file-types.ts';
import { getMediaItem, updateMedia, uploadMedia } from './media.service.ts';

export async function mediaRoutes(app: FastifyZod, ctx: AppContext) {
  // One file per request (the upload screen sends files one at a time), so one refused file
  // never costs the others.
  app.post(
    '/api/media',
    { config: { permission: 'media:manage' }, schema: { response: { 201: mediaItemResponse } } },
    async (request, reply) => {
      const media = await readSingleFileUpload(
        request,
        INGEST_LIMITS.upload.maxBytes,
        uploadMediaFields,
        async (file, fields) => uploadMedia(ctx, await request.actor(), file, fields),
      );
      return reply.status(201).send({ media });
    },
  );

  app.get(
    '/api/media/:id',
    {
      config: { permission: 'gallery:browse' },
      schema: { params: z.object({ id: z.uuid() }), response: { 200: mediaItemResponse } },
    },
    async (request) => ({ media: await getMediaItem(ctx, await request.actor(), request.params.id) }),
  );

  app.patch(
    '/api/media/:id',
    {
      config: { permission: 'media:manage' },
      schema: {
        params: z.object({ id: z.uuid() }),
        body: updateMediaBody,
        response: { 200: mediaItemResponse },
      },
    },
    async (request) => ({
      media: await updateMedia(ctx, await request.actor(), request.params.id, request.body),
    }),
  );
}
