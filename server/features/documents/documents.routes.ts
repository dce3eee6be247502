import { documentItemResponse, uploadDocumentFields } from '../../../common/api.ts';
import { INGEST_LIMITS } from '../../../common/file-types.ts';
import type { AppContext } from '../../http/context.ts';
import type { FastifyZod } from '../../http/fastify.ts';
import { readSingleFileUpload } from '../../http/multipart.ts';
import { uploadDocument } from './documents.service.ts';

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
}
