import { idParams } from '#common/api/shared.ts';
import {
  adminMediaListQuery,
  adminMediaListResponse,
  adminMediaStatsResponse,
  bulkMediaBody,
  bulkMediaResponse,
  createMediaFromUploadBody,
  MEDIA_CSV_MAX_BYTES,
  mediaCsvApplyBody,
  mediaCsvApplyResponse,
  mediaCsvBody,
  mediaCsvExportQuery,
  mediaCsvPreviewResponse,
  mediaUploadResponse,
  mediaItemResponse,
  updateMediaBody,
  uploadMediaBody,
  viewResponse,
} from '#common/api/media.ts';
import { INGEST_LIMITS } from '#common/file-types.ts';
import { defineFeature } from '#server/http/feature.ts';
import { readSingleFileUpload } from '#server/http/multipart.ts';
import { uploadOwnerOf } from '../uploads/uploads.public.ts';
import {
  bulkUpdateMedia,
  createMediaFromUpload,
  deleteMedia,
  getAdminMediaStats,
  getMediaItem,
  listAdminMedia,
  recordMediaView,
  updateMedia,
  uploadMedia,
} from './media.service.ts';
import { BODY_LIMITS } from '#server/http/json-body.ts';
import { applyMediaCsv, exportMediaCsv, previewMediaCsv } from './media-csv.service.ts';

export const mediaFeature = defineFeature({
  name: 'media',
  public(routes, ctx) {
    // Counted views still queued are moved into the items' counts as the server stops (view-counts.ts).
    routes.addHook('onClose', async () => ctx.views.stop());

    routes.get(
      '/:id',
      {
        config: { permission: 'media:read' },
        schema: { params: idParams, response: { 200: mediaItemResponse } },
      },
      async (request) => ({ media: await getMediaItem(ctx, await request.actor(), request.params) }),
    );

    routes.post(
      '/:id/view',
      {
        config: { permission: 'counter:increment' },
        schema: { params: idParams, response: { 200: viewResponse } },
      },
      async (request) =>
        recordMediaView(ctx, await request.actor(), {
          id: request.params.id,
          userAgent: request.headers['user-agent'] ?? null,
          ip: request.ip,
        }),
    );
  },
  admin(routes, ctx) {
    routes.get(
      '',
      {
        config: { permission: 'media:manage' },
        schema: { querystring: adminMediaListQuery, response: { 200: adminMediaListResponse } },
      },
      async (request) => listAdminMedia(ctx, await request.actor(), request.query),
    );

    routes.get(
      '/stats',
      { config: { permission: 'media:manage' }, schema: { response: { 200: adminMediaStatsResponse } } },
      async (request) => getAdminMediaStats(ctx, await request.actor(), {}),
    );

    // The CSV round trip (issue 27 §2): the list as it is filtered, streamed; an edited copy
    // previewed, then applied.
    routes.get(
      '/export.csv',
      { config: { permission: 'media:manage' }, schema: { querystring: mediaCsvExportQuery } },
      async (request, reply) => {
        const stream = exportMediaCsv(ctx, await request.actor(), request.query);
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="media-${day}.csv"`)
          .send(stream);
      },
    );

    routes.post(
      '/csv/preview',
      {
        config: { permission: 'media:manage' },
        // The CSV's text in JSON: its escapes (\" and \r\n) make it up to twice its length.
        bodyLimit: MEDIA_CSV_MAX_BYTES * 2,
        schema: { body: mediaCsvBody, response: { 200: mediaCsvPreviewResponse } },
      },
      async (request) => previewMediaCsv(ctx, await request.actor(), request.body),
    );

    routes.post(
      '/csv/apply',
      {
        config: { permission: 'media:manage' },
        bodyLimit: MEDIA_CSV_MAX_BYTES * 2,
        schema: { body: mediaCsvApplyBody, response: { 200: mediaCsvApplyResponse } },
      },
      async (request) => applyMediaCsv(ctx, await request.actor(), request.body),
    );

    routes.post(
      '/bulk',
      {
        config: { permission: 'media:manage' },
        schema: { body: bulkMediaBody, response: { 200: bulkMediaResponse } },
      },
      async (request) => bulkUpdateMedia(ctx, await request.actor(), request.body),
    );

    routes.delete(
      '/:id',
      { config: { permission: 'media:manage' }, schema: { params: idParams } },
      async (request, reply) => {
        await deleteMedia(ctx, await request.actor(), request.params);
        return reply.status(204).send();
      },
    );

    // One file per request (the upload screen sends files one at a time), so one refused file
    // never costs the others.
    routes.post(
      '',
      { config: { permission: 'media:manage' }, schema: { response: { 201: mediaUploadResponse } } },
      async (request, reply) => {
        const answer = await readSingleFileUpload(
          request,
          INGEST_LIMITS.upload.maxBytes,
          uploadMediaBody,
          async (file, fields) => uploadMedia(ctx, await request.actor(), { file, fields }),
        );
        return reply.status(201).send(answer);
      },
    );

    // The upload screen: a file sent through the resumable endpoint (/api/uploads) becomes an item.
    routes.post(
      '/uploads',
      {
        config: { permission: 'media:manage' },
        bodyLimit: BODY_LIMITS.item,
        schema: { body: createMediaFromUploadBody, response: { 201: mediaUploadResponse } },
      },
      async (request, reply) => {
        const actor = await request.actor();
        const answer = await createMediaFromUpload(ctx, actor, {
          ...request.body,
          uploadOwner: uploadOwnerOf(request, actor),
        });
        return reply.status(201).send(answer);
      },
    );

    routes.patch(
      '/:id',
      {
        config: { permission: 'media:manage' },
        bodyLimit: BODY_LIMITS.item,
        schema: { params: idParams, body: updateMediaBody, response: { 200: mediaItemResponse } },
      },
      async (request) => ({
        media: await updateMedia(ctx, await request.actor(), { ...request.body, id: request.params.id }),
      }),
    );
  },
});
