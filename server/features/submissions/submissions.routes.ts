import { idParams } from '#common/api/shared.ts';
import {
  bulkReviewBody,
  bulkReviewResponse,
  createSubmissionBody,
  createSubmissionResponse,
  reviewSubmissionBody,
  nearDuplicateChoiceBody,
  submissionDetailResponse,
  submissionListQuery,
  submissionListResponse,
  submissionStatsResponse,
} from '#common/api/submissions.ts';
import { SUBMIT_FORM_ACTION, SUBMIT_FORM_RESULT } from '#common/submit-form.ts';
import { defineFeature } from '#server/http/feature.ts';
import { uploadOwnerOf } from '../uploads/uploads.public.ts';
import { streamSubmissionEvents } from './submission-events.ts';
import {
  authorizeSubmissionEvents,
  deleteSubmissionForReview,
  getSubmissionForReview,
  getSubmissionStats,
  listSubmissionsForReview,
  resolveNearDuplicate,
  reviewSubmissions,
} from './submissions-review.service.ts';
import { reviewSubmission } from './submissions-approval.service.ts';
import { createSubmissionFromUpload } from './submissions.service.ts';
import { BODY_LIMITS } from '#server/http/json-body.ts';
import { takeSubmitForm } from './submit-form.ts';

export const submissionsFeature = defineFeature({
  name: 'submissions',
  public(routes, ctx) {
    routes.post(
      '',
      {
        config: { permission: 'submission:create' },
        bodyLimit: BODY_LIMITS.texts,
        schema: { body: createSubmissionBody, response: { 201: createSubmissionResponse } },
      },
      async (request, reply) => {
        const actor = await request.actor();
        const submission = await createSubmissionFromUpload(ctx, actor, {
          ...request.body,
          ip: request.ip,
          uploadOwner: uploadOwnerOf(request, actor),
        });
        return reply.status(201).send({ submission });
      },
    );
  },
  admin(routes, ctx) {
    // Open event streams, ended when the server closes so shutdown does not wait on them.
    const streams = new Set<() => void>();
    routes.addHook('preClose', async () => {
      for (const end of [...streams]) end();
    });

    routes.get(
      '',
      {
        config: { permission: 'submission:review' },
        schema: { querystring: submissionListQuery, response: { 200: submissionListResponse } },
      },
      async (request) => listSubmissionsForReview(ctx, await request.actor(), request.query),
    );

    routes.get(
      '/stats',
      {
        config: { permission: 'submission:review' },
        schema: { response: { 200: submissionStatsResponse } },
      },
      async (request) => getSubmissionStats(ctx, await request.actor(), {}),
    );

    // Server-sent events: { type: 'changed', id, status } / { type: 'deleted', id } per change.
    routes.get('/events', { config: { permission: 'submission:review' } }, async (request, reply) => {
      const readerId = authorizeSubmissionEvents(await request.actor());
      const sessionId = await request.sessionId();
      reply.hijack();
      streamSubmissionEvents(reply.raw, streams, { readerId, sessionId: sessionId! });
    });

    routes.post(
      '/review',
      {
        config: { permission: 'submission:review' },
        bodyLimit: BODY_LIMITS.text,
        schema: { body: bulkReviewBody, response: { 200: bulkReviewResponse } },
      },
      async (request) => reviewSubmissions(ctx, await request.actor(), request.body),
    );

    routes.get(
      '/:id',
      {
        config: { permission: 'submission:review' },
        schema: { params: idParams, response: { 200: submissionDetailResponse } },
      },
      async (request) => ({
        submission: await getSubmissionForReview(ctx, await request.actor(), request.params),
      }),
    );

    routes.patch(
      '/:id',
      {
        config: { permission: 'submission:review' },
        bodyLimit: BODY_LIMITS.text,
        schema: {
          params: idParams,
          body: reviewSubmissionBody,
          response: { 200: createSubmissionResponse },
        },
      },
      async (request) => ({
        submission: await reviewSubmission(ctx, await request.actor(), {
          ...request.body,
          id: request.params.id,
        }),
      }),
    );

    // A submission that looks like an item (issue 29): approved with staff's choice of the three.
    routes.post(
      '/:id/near-duplicate',
      {
        config: { permission: 'submission:review' },
        bodyLimit: BODY_LIMITS.text,
        schema: {
          params: idParams,
          body: nearDuplicateChoiceBody,
          response: { 200: createSubmissionResponse },
        },
      },
      async (request) => ({
        submission: await resolveNearDuplicate(ctx, await request.actor(), {
          ...request.body,
          id: request.params.id,
        }),
      }),
    );

    routes.delete(
      '/:id',
      { config: { permission: 'submission:review' }, schema: { params: idParams } },
      async (request, reply) => {
        await deleteSubmissionForReview(ctx, await request.actor(), request.params);
        return reply.status(204).send();
      },
    );
  },
});

/**
 * /submit's form sent without script (common/submit-form.ts), posted to the page's own address and
 * answered with that page drawn again: the confirmation, or what went wrong beside what was typed.
 * Guarded as /api is (the permission, the Origin check: http/request-guards.ts); never kept.
 */
export const submitFormFeature = defineFeature({
  name: 'submissions',
  prefix: '',
  public(routes, ctx) {
    routes.post(
      SUBMIT_FORM_ACTION,
      { config: { permission: 'submission:create' } },
      async (request, reply) => {
        const { status, result } = await takeSubmitForm(ctx, request);
        // What the visitor typed, and who they are: for them alone, and never stored.
        return request.server.sendFormPage(request, reply, {
          answers: { [SUBMIT_FORM_RESULT]: result },
          cookie: request.headers.cookie,
          status,
        });
      },
    );
  },
});
