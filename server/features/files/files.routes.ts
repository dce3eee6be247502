import { z } from 'zod';
import type { AppContext } from '../../http/context.ts';
import type { FastifyZod } from '../../http/fastify.ts';
import { sendBlob } from '../../http/send-blob.ts';
import { logDownload } from '../gallery/gallery.repository.ts';
import {
  MEDIA_FILE_VARIANTS,
  resolveDocumentFile,
  resolveMediaFile,
  resolveSubmissionFile,
} from './files.service.ts';

const query = z.object({ download: z.string().optional(), v: z.string().optional() });

export async function filesRoutes(app: FastifyZod, ctx: AppContext) {
  app.get(
    '/files/media/:id/:variant',
    {
      config: { permission: 'gallery:browse' },
      schema: {
        params: z.object({ id: z.uuid(), variant: z.enum(MEDIA_FILE_VARIANTS) }),
        querystring: query,
      },
    },
    async (request, reply) => {
      const file = await resolveMediaFile(
        ctx,
        await request.actor(),
        request.params.id,
        request.params.variant,
      );
      if (request.query.download !== undefined && file.mediaId) {
        await logDownload(ctx.db, file.mediaId, request.headers['user-agent'], file.watermarked);
      }
      return sendBlob(request, reply, ctx.blobs, file);
    },
  );

  app.get(
    '/files/submissions/:id/:variant',
    {
      // Checked in the service, so that everyone else gets the same 404 as for a missing file.
      config: { permission: 'gallery:browse' },
      schema: {
        params: z.object({ id: z.uuid(), variant: z.enum(['original', 'thumb', 'display']) }),
        querystring: query,
      },
    },
    async (request, reply) =>
      sendBlob(
        request,
        reply,
        ctx.blobs,
        await resolveSubmissionFile(ctx, await request.actor(), request.params.id, request.params.variant),
      ),
  );

  app.get(
    '/files/documents/:id',
    {
      config: { permission: 'gallery:browse' },
      schema: { params: z.object({ id: z.uuid() }), querystring: query },
    },
    async (request, reply) =>
      sendBlob(
        request,
        reply,
        ctx.blobs,
        await resolveDocumentFile(ctx, await request.actor(), request.params.id),
      ),
  );
}
