import { idParams } from '#common/api/shared.ts';
import {
  acceptKnowledgeBody,
  createKnowledgeBody,
  createKnowledgeResponse,
  knowledgeListQuery,
  knowledgeListResponse,
  knowledgeReviewResponse,
  knowledgeStatsResponse,
  replyKnowledgeBody,
} from '#common/api/knowledge.ts';
import { KNOWLEDGE_FORM_RESULT } from '#common/knowledge-form.ts';
import { FORM_MARK_FIELD, PERSON_FORM_MARK, PERSON_FORM_RESULT } from '#common/people.ts';
import { BODY_LIMITS } from '#server/http/json-body.ts';
import { defineFeature } from '#server/http/feature.ts';
import { addFormBodyParser } from '#server/web/form-body.ts';
import { takePersonForm } from '../people/people.public.ts';
import { streamEvents } from '../submissions/submissions.public.ts';
import { onKnowledgeEvent } from './knowledge-events.ts';
import { takeKnowledgeForm } from './knowledge-form.ts';
import {
  acceptKnowledge,
  authorizeKnowledgeEvents,
  createKnowledge,
  getKnowledgeStats,
  listKnowledgeForReview,
  rejectKnowledge,
  replyToKnowledge,
} from './knowledge.service.ts';

/**
 * "Do you know more about this photo?" (issue 29 §1): visitors tell (POST /api/knowledge), staff
 * review beside the submissions (/api/admin/knowledge), under the submissions' permissions.
 */
export const knowledgeFeature = defineFeature({
  name: 'knowledge',
  public(routes, ctx) {
    routes.post(
      '',
      {
        config: { permission: 'submission:create' },
        bodyLimit: BODY_LIMITS.texts,
        schema: { body: createKnowledgeBody, response: { 201: createKnowledgeResponse } },
      },
      async (request, reply) => {
        const contribution = await createKnowledge(ctx, await request.actor(), {
          ...request.body,
          ip: request.ip,
        });
        return reply.status(201).send({ contribution });
      },
    );
  },
  admin(routes, ctx) {
    const streams = new Set<() => void>();
    routes.addHook('preClose', async () => {
      for (const end of [...streams]) end();
    });

    routes.get(
      '',
      {
        config: { permission: 'submission:review' },
        schema: { querystring: knowledgeListQuery, response: { 200: knowledgeListResponse } },
      },
      async (request) => listKnowledgeForReview(ctx, await request.actor(), request.query),
    );

    routes.get(
      '/stats',
      { config: { permission: 'submission:review' }, schema: { response: { 200: knowledgeStatsResponse } } },
      async (request) => getKnowledgeStats(ctx, await request.actor(), {}),
    );

    // Server-sent events: { type: 'changed', id, status } per contribution sent or reviewed.
    routes.get('/events', { config: { permission: 'submission:review' } }, async (request, reply) => {
      const readerId = authorizeKnowledgeEvents(await request.actor());
      const sessionId = await request.sessionId();
      reply.hijack();
      streamEvents(reply.raw, streams, { readerId, sessionId: sessionId! }, onKnowledgeEvent);
    });

    routes.post(
      '/:id/accept',
      {
        config: { permission: 'submission:review' },
        bodyLimit: BODY_LIMITS.text,
        schema: { params: idParams, body: acceptKnowledgeBody, response: { 200: knowledgeReviewResponse } },
      },
      async (request) => ({
        contribution: await acceptKnowledge(ctx, await request.actor(), {
          ...request.body,
          id: request.params.id,
        }),
      }),
    );

    routes.post(
      '/:id/reject',
      {
        config: { permission: 'submission:review' },
        schema: { params: idParams, response: { 200: knowledgeReviewResponse } },
      },
      async (request) => ({
        contribution: await rejectKnowledge(ctx, await request.actor(), request.params),
      }),
    );

    routes.post(
      '/:id/reply',
      {
        config: { permission: 'submission:review' },
        bodyLimit: BODY_LIMITS.text,
        schema: { params: idParams, body: replyKnowledgeBody, response: { 200: knowledgeReviewResponse } },
      },
      async (request) => ({
        contribution: await replyToKnowledge(ctx, await request.actor(), {
          ...request.body,
          id: request.params.id,
        }),
      }),
    );
  },
});

/**
 * The media page's form sent without script, posted to the page's own address and answered with
 * that page drawn again: the thanks, or what went wrong beside what was typed. Guarded as /api is
 * (the permission, the Origin check); never kept.
 */
export const knowledgeFormFeature = defineFeature({
  name: 'knowledge',
  prefix: '',
  public(routes, ctx) {
    addFormBodyParser(routes);
    routes.post<{ Params: { id: string } }>(
      '/media/:id',
      { config: { permission: 'submission:create' } },
      async (request, reply) => {
        // The page's other form, "Suggest a name" for a person on it (issue 29 §2), says so by its mark.
        const body = request.body as Record<string, unknown> | undefined;
        const person = body?.[FORM_MARK_FIELD] === PERSON_FORM_MARK;
        const { status, result } = person
          ? await takePersonForm(ctx, request)
          : await takeKnowledgeForm(ctx, request);
        return request.server.sendFormPage(request, reply, {
          answers: { [person ? PERSON_FORM_RESULT : KNOWLEDGE_FORM_RESULT]: result },
          cookie: request.headers.cookie,
          status,
        });
      },
    );
  },
});
