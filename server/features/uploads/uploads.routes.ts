import type { FastifyReply, FastifyRequest } from 'fastify';
import { defineFeature } from '#server/http/feature.ts';
import { ensureUploadOwner, uploadOwnerOf } from './upload-owner.ts';
import type { Reservation } from './resumable-uploads.ts';
import {
  authorizeUploadAccess,
  authorizeUploadStart,
  sweepExpiredUploads,
  uploadMaxBytes,
  uploadPool,
  uploadQuotaKey,
} from './uploads.service.ts';

/**
 * /api/uploads: the tus 1.0 endpoint files are sent to (resumable: a dropped connection goes on
 * from the last byte received). A finished upload becomes a submission through POST /api/submissions,
 * or, sent by staff from the upload screen, an item through POST /api/admin/media/uploads.
 * Each upload belongs to the session or the anonymous uploader cookie that created it.
 */
export const uploadsFeature = defineFeature({
  name: 'uploads',
  public(routes, ctx) {
    // Idle uploads expire after two hours, those that never got a byte after minutes: sweep every
    // ten minutes, or as often as the latter (their room is free at once, their files go then).
    const every = Math.min(600_000, ctx.uploads.limits.idleMs);
    const sweep = setInterval(() => void sweepExpiredUploads(ctx).catch(() => {}), every);
    sweep.unref();
    routes.addHook('onClose', async () => clearInterval(sweep));

    // tus sends raw bytes; leave the body unread for the tus server to stream.
    routes.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

    const secure = ctx.config.publicUrl.startsWith('https:');
    const tus = async (request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) => {
      const actor = await request.actor();
      let reservation: Reservation | undefined;
      if (request.method === 'POST' && request.params.id === undefined) {
        const header = request.headers['upload-length'];
        reservation = await authorizeUploadStart(ctx, actor, {
          ip: request.ip,
          uploadLength: Array.isArray(header) ? header[0] : header,
        });
        const owner = ensureUploadOwner(request, reply, actor, secure);
        ctx.uploads.stamp(request.raw, {
          owner,
          quotaKey: uploadQuotaKey(actor, request.ip),
          pool: uploadPool(actor),
          maxBytes: uploadMaxBytes(actor),
          reservationId: reservation?.id,
        });
      } else if (request.params.id !== undefined) {
        await authorizeUploadAccess(ctx, uploadOwnerOf(request, actor), request.params.id);
      }
      reply.hijack();
      try {
        await ctx.uploads.server.handle(request.raw, reply.raw);
      } finally {
        await reservation?.release();
      }
    };
    const options = { config: { permission: 'submission:create' as const } };
    // No OPTIONS: the web app sends its uploads from its own origin, so browsers never ask for
    // CORS preflight, and other sites get no CORS answer at all.
    for (const url of ['', '/:id']) {
      routes.post(url, options, tus);
      routes.patch(url, options, tus);
      routes.head(url, options, tus);
      routes.delete(url, options, tus);
    }
  },
});
