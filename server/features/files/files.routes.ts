import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParams } from '#common/api/shared.ts';
import { defineFeature } from '#server/http/feature.ts';
import { sendBlob } from '#server/http/send-blob.ts';
import { createKeptSmallFiles, DEFAULT_KEPT_FILES_BYTES } from '#server/storage/kept-small-files.ts';
import {
  keptMediaFileRows,
  MEDIA_FILE_VARIANTS,
  serveDocumentFile,
  serveMediaFile,
  serveSubmissionFile,
} from './files.service.ts';

const query = z.object({ download: z.string().optional(), v: z.string().optional() });

/**
 * A request that starts a download worth counting: asked with `?download`, from the first byte
 * (a player's or a resumed download's later ranges are the same download), and not one the
 * browser already holds (If-None-Match: answered 304 by sendBlob).
 */
function countsAsDownload(request: FastifyRequest<{ Querystring: z.infer<typeof query> }>) {
  if (request.query.download === undefined) return false;
  if (request.headers['if-none-match']) return false;
  const range = request.headers.range;
  return !range || /^bytes=0-/.test(range.trim());
}

const downloadOf = (request: FastifyRequest<{ Querystring: z.infer<typeof query> }>) => ({
  countsAsDownload: countsAsDownload(request),
  download: request.query.download !== undefined,
  userAgent: request.headers['user-agent'] ?? null,
  ip: request.ip,
});

/** Stored files: /files/media, /files/submissions, /files/documents (never compressed again). */
export const filesFeature = defineFeature({
  name: 'files',
  prefix: '/files',
  public(routes, ctx) {
    const mediaFileRows = keptMediaFileRows(ctx);
    // Thumbnails sent from memory (storage/kept-small-files.ts): who may have one is decided first.
    const keptFiles = createKeptSmallFiles(ctx.blobs, {
      maxBytes: ctx.config.fileMemoryBytes ?? DEFAULT_KEPT_FILES_BYTES,
    });
    // Who may fetch each file is decided in the service, so that everyone else gets the same 404
    // as for a missing file; the route's own permission is the browsing one.
    routes.get(
      '/media/:id/:variant',
      {
        config: { permission: 'media:read' },
        schema: {
          params: idParams.extend({ variant: z.enum(MEDIA_FILE_VARIANTS) }),
          querystring: query,
        },
      },
      async (request, reply) =>
        sendBlob(
          request,
          reply,
          ctx.blobs,
          await serveMediaFile(
            ctx,
            await request.actor(),
            { ...request.params, ...downloadOf(request), v: request.query.v },
            mediaFileRows,
          ),
          keptFiles,
        ),
    );

    routes.get(
      '/submissions/:id/:variant',
      {
        config: { permission: 'media:read' },
        schema: {
          params: idParams.extend({ variant: z.enum(['original', 'thumb', 'display']) }),
          querystring: query,
        },
      },
      async (request, reply) =>
        sendBlob(
          request,
          reply,
          ctx.blobs,
          await serveSubmissionFile(ctx, await request.actor(), request.params),
        ),
    );

    routes.get(
      '/documents/:id',
      {
        config: { permission: 'document:read' },
        schema: { params: idParams, querystring: query },
      },
      async (request, reply) =>
        sendBlob(
          request,
          reply,
          ctx.blobs,
          await serveDocumentFile(ctx, await request.actor(), { ...request.params, ...downloadOf(request) }),
        ),
    );
  },
});
