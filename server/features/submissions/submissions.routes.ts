import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  contributorDashboardResponse,
  createSubmissionBody,
  createSubmissionResponse,
  reviewSubmissionBody,
} from '../../../common/api.ts';
import type { AppContext } from '../../http/context.ts';
import type { FastifyZod } from '../../http/fastify.ts';
import { consumeRateLimit } from '../../http/rate-limit.ts';
import { createResumableUploads, UPLOADS_PATH } from './resumable-uploads.ts';
import {
  createSubmissionFromUpload,
  getContributorDashboard,
  rateLimitKey,
  reviewSubmission,
  SUBMISSION_RATE,
} from './submissions.service.ts';

export async function submissionsRoutes(app: FastifyZod, ctx: AppContext) {
  const uploads = createResumableUploads(ctx.config.dataDir);
  // Unfinished uploads expire after a day; sweep them hourly.
  const sweep = setInterval(() => void uploads.removeExpired().catch(() => {}), 3_600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // tus sends raw bytes; leave the body unread for the tus server to stream.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const tus = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'POST') {
      // Creating uploads counts against the same allowance as submissions.
      const actor = await request.actor();
      await consumeRateLimit(ctx.db, `uploads:${rateLimitKey(actor, request.ip)}`, {
        windowSeconds: 3600,
        max: (actor ? SUBMISSION_RATE.account : SUBMISSION_RATE.anonymous).max * 2,
      });
    }
    reply.hijack();
    await uploads.server.handle(request.raw, reply.raw);
  };
  const options = { config: { permission: 'submission:create' as const } };
  for (const url of [UPLOADS_PATH, `${UPLOADS_PATH}/:id`]) {
    app.post(url, options, tus);
    app.patch(url, options, tus);
    app.head(url, options, tus);
    app.delete(url, options, tus);
    app.options(url, options, tus);
  }

  app.post(
    '/api/submissions',
    {
      config: { permission: 'submission:create' },
      schema: { body: createSubmissionBody, response: { 201: createSubmissionResponse } },
    },
    async (request, reply) => {
      const submission = await createSubmissionFromUpload(
        ctx,
        uploads,
        await request.actor(),
        request.ip,
        request.body,
      );
      return reply.status(201).send({ submission });
    },
  );

  app.patch(
    '/api/submissions/:id',
    {
      config: { permission: 'submission:review' },
      schema: {
        params: z.object({ id: z.uuid() }),
        body: reviewSubmissionBody,
        response: { 200: createSubmissionResponse },
      },
    },
    async (request) => ({
      submission: await reviewSubmission(ctx, await request.actor(), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/contributor/dashboard',
    {
      config: { permission: 'contributor:dashboard' },
      schema: { response: { 200: contributorDashboardResponse } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getContributorDashboard(ctx, await request.actor());
    },
  );
}
