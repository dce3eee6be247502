import { z } from 'zod';
import {
  documentItemResponse,
  downloadCountResponse,
  latestDocumentResponse,
  uploadDocumentFields,
} from '../../../common/api.ts';
import { DOCUMENT_CATEGORIES } from '../../../common/enums.ts';
import { notFound } from '../../http/errors.ts';
import { INGEST_LIMITS } from '../../../common/file-types.ts';
import type { AppContext } from '../../http/context.ts';
import type { FastifyZod } from '../../http/fastify.ts';
import { readSingleFileUpload } from '../../http/multipart.ts';
import { countDownload, getLatestPublicDocument } from './documents.repository.ts';
import { presentDocument, uploadDocument } from './documents.service.ts';

export async function documentsRoutes(app: FastifyZod, ctx: AppContext) {
  app.post(
    '/api/documents',
    { config: { permission: 'document:manage' }, schema: { response: { 201: documentItemResponse } } },
    async (request, reply) => {
      const document = await readSingleFileUpload(
        request,
        INGEST_LIMITS.document.maxBytes,
        uploadDocumentFields,
        async (file, fields) => uploadDocument(ctx, await request.actor(), file, fields),
      );
      return reply.status(201).send({ document });
    },
  );

  // The header's document button: the newest public document of a category (mentanardagarnar).
  app.get(
    '/api/documents/latest',
    {
      config: { permission: 'gallery:browse' },
      schema: {
        querystring: z.object({ category: z.enum(DOCUMENT_CATEGORIES).default('mentanardagarnar') }),
        response: { 200: latestDocumentResponse },
      },
    },
    async (request) => {
      const row = await getLatestPublicDocument(ctx.db, request.query.category);
      return { document: row ? presentDocument(row) : null };
    },
  );

  // Downloading a document counts it (public-site.md §4).
  app.post(
    '/api/documents/:id/download',
    {
      config: { permission: 'counter:increment' },
      schema: { params: z.object({ id: z.uuid() }), response: { 200: downloadCountResponse } },
    },
    async (request) => {
      const downloadCount = await countDownload(ctx.db, request.params.id);
      if (downloadCount === undefined) throw notFound('Document not found');
      return { downloadCount };
    },
  );
}
