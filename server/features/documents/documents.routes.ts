import { z } from 'zod';
import { idParams } from '#common/api/shared.ts';
import {
  adminDocumentListQuery,
  adminDocumentListResponse,
  adminDocumentStatsResponse,
  documentItemResponse,
  updateDocumentBody,
  downloadCountResponse,
  latestDocumentResponse,
  uploadDocumentFields,
} from '#common/api/documents.ts';
import { DOCUMENT_CATEGORIES } from '#common/enums.ts';
import { INGEST_LIMITS } from '#common/file-types.ts';
import { defineFeature } from '#server/http/feature.ts';
import { readSingleFileUpload } from '#server/http/multipart.ts';
import {
  countDownload,
  countStaffDownload,
  deleteDocument,
  getAdminDocumentStats,
  getLatestDocument,
  listAdminDocuments,
  updateDocument,
  uploadDocument,
} from './documents.service.ts';
import { BODY_LIMITS } from '#server/http/json-body.ts';

export const documentsFeature = defineFeature({
  name: 'documents',
  public(routes, ctx) {
    // The header's document button: the newest public document of a category (mentanardagarnar).
    routes.get(
      '/latest',
      {
        config: { permission: 'gallery:browse' },
        schema: {
          querystring: z.object({ category: z.enum(DOCUMENT_CATEGORIES).default('mentanardagarnar') }),
          response: { 200: latestDocumentResponse },
        },
      },
      async (request) => getLatestDocument(ctx, await request.actor(), request.query),
    );

    routes.post(
      '/:id/download',
      {
        config: { permission: 'counter:increment' },
        schema: { params: idParams, response: { 200: downloadCountResponse } },
      },
      async (request) => countDownload(ctx, await request.actor(), { ...request.params, ip: request.ip }),
    );
  },
  admin(routes, ctx) {
    routes.post(
      '',
      { config: { permission: 'document:manage' }, schema: { response: { 201: documentItemResponse } } },
      async (request, reply) => {
        const document = await readSingleFileUpload(
          request,
          INGEST_LIMITS.document.maxBytes,
          uploadDocumentFields,
          async (file, fields) => uploadDocument(ctx, await request.actor(), { file, fields }),
        );
        return reply.status(201).send({ document });
      },
    );

    routes.get(
      '',
      {
        config: { permission: 'document:manage' },
        schema: { querystring: adminDocumentListQuery, response: { 200: adminDocumentListResponse } },
      },
      async (request) => listAdminDocuments(ctx, await request.actor(), request.query),
    );

    routes.get(
      '/stats',
      {
        config: { permission: 'document:manage' },
        schema: { response: { 200: adminDocumentStatsResponse } },
      },
      async (request) => getAdminDocumentStats(ctx, await request.actor(), {}),
    );

    routes.patch(
      '/:id',
      {
        config: { permission: 'document:manage' },
        bodyLimit: BODY_LIMITS.text,
        schema: { params: idParams, body: updateDocumentBody, response: { 200: documentItemResponse } },
      },
      async (request) => ({
        document: await updateDocument(ctx, await request.actor(), {
          ...request.body,
          id: request.params.id,
        }),
      }),
    );

    routes.delete(
      '/:id',
      { config: { permission: 'document:manage' }, schema: { params: idParams } },
      async (request, reply) => {
        await deleteDocument(ctx, await request.actor(), request.params);
        return reply.status(204).send();
      },
    );

    routes.post(
      '/:id/download',
      {
        config: { permission: 'document:manage' },
        schema: { params: idParams, response: { 200: downloadCountResponse } },
      },
      async (request) => countStaffDownload(ctx, await request.actor(), request.params),
    );
  },
});
