import { z } from 'zod';
import { idParams } from '#common/api/shared.ts';
import {
  acceptSuggestionBody,
  createBoxBody,
  createSuggestionBody,
  createSuggestionResponse,
  peopleListQuery,
  peopleListResponse,
  mergePersonBody,
  personBody,
  personResponse,
  publicBoxesResponse,
  publicPersonResponse,
  staffBoxResponse,
  staffBoxesResponse,
  suggestionListQuery,
  suggestionListResponse,
  suggestionReviewResponse,
  suggestionStatsResponse,
  updateBoxBody,
  updatePersonBody,
} from '#common/api/people.ts';
import { BODY_LIMITS } from '#server/http/json-body.ts';
import { defineFeature } from '#server/http/feature.ts';
import { streamEvents } from '../submissions/submissions.public.ts';
import { onSuggestionEvent } from './people-events.ts';
import {
  acceptSuggestion,
  authorizeSuggestionEvents,
  createBoxForStaff,
  createPersonForStaff,
  createSuggestion,
  deleteBoxForStaff,
  deletePersonForStaff,
  getPublicPerson,
  mergePersonForStaff,
  getSuggestionStats,
  listBoxesForStaff,
  listPeopleForStaff,
  listPublicBoxes,
  listSuggestionsForReview,
  rejectSuggestion,
  updateBoxForStaff,
  updatePersonForStaff,
} from './people.service.ts';

const byMedia = z.object({ mediaId: z.uuid() });

/**
 * People on photos (issue 29 §2). Public: a person's page, an item's boxes ("show who is here"),
 * a visitor's suggestion (under the submissions' permission). Staff: the list of people and the
 * boxes on images (media management's permission), the review of suggestions (the submissions').
 */
export const peopleFeature = defineFeature({
  name: 'people',
  public(routes, ctx) {
    routes.get(
      '/:id',
      {
        config: { permission: 'gallery:browse' },
        schema: { params: idParams, response: { 200: publicPersonResponse } },
      },
      async (request) => getPublicPerson(ctx, await request.actor(), request.params),
    );
    routes.get(
      '/media/:mediaId',
      {
        config: { permission: 'media:read' },
        schema: { params: byMedia, response: { 200: publicBoxesResponse } },
      },
      async (request) => listPublicBoxes(ctx, await request.actor(), request.params),
    );
    routes.post(
      '/suggestions',
      {
        config: { permission: 'submission:create' },
        bodyLimit: BODY_LIMITS.texts,
        schema: { body: createSuggestionBody, response: { 201: createSuggestionResponse } },
      },
      async (request, reply) => {
        const suggestion = await createSuggestion(ctx, await request.actor(), {
          ...request.body,
          ip: request.ip,
        });
        return reply.status(201).send({ suggestion });
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
        config: { permission: 'media:manage' },
        schema: { querystring: peopleListQuery, response: { 200: peopleListResponse } },
      },
      async (request) => listPeopleForStaff(ctx, await request.actor(), request.query),
    );
    routes.post(
      '',
      {
        config: { permission: 'media:manage' },
        bodyLimit: BODY_LIMITS.text,
        schema: { body: personBody, response: { 201: personResponse } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ person: await createPersonForStaff(ctx, await request.actor(), request.body) }),
    );
    routes.patch(
      '/:id',
      {
        config: { permission: 'media:manage' },
        bodyLimit: BODY_LIMITS.text,
        schema: { params: idParams, body: updatePersonBody, response: { 200: personResponse } },
      },
      async (request) => ({
        person: await updatePersonForStaff(ctx, await request.actor(), {
          ...request.body,
          id: request.params.id,
        }),
      }),
    );
    routes.post(
      '/:id/merge',
      {
        config: { permission: 'media:manage' },
        schema: { params: idParams, body: mergePersonBody, response: { 200: personResponse } },
      },
      async (request) => ({
        person: await mergePersonForStaff(ctx, await request.actor(), {
          ...request.body,
          id: request.params.id,
        }),
      }),
    );
    routes.delete(
      '/:id',
      { config: { permission: 'media:manage' }, schema: { params: idParams } },
      async (request, reply) => {
        await deletePersonForStaff(ctx, await request.actor(), request.params);
        return reply.status(204).send();
      },
    );

    routes.get(
      '/media/:mediaId/boxes',
      {
        config: { permission: 'media:manage' },
        schema: { params: byMedia, response: { 200: staffBoxesResponse } },
      },
      async (request) => listBoxesForStaff(ctx, await request.actor(), request.params),
    );
    routes.post(
      '/media/:mediaId/boxes',
      {
        config: { permission: 'media:manage' },
        bodyLimit: BODY_LIMITS.text,
        schema: { params: byMedia, body: createBoxBody, response: { 201: staffBoxResponse } },
      },
      async (request, reply) =>
        reply.status(201).send({
          box: await createBoxForStaff(ctx, await request.actor(), {
            ...request.body,
            mediaId: request.params.mediaId,
          }),
        }),
    );
    routes.patch(
      '/boxes/:id',
      {
        config: { permission: 'media:manage' },
        bodyLimit: BODY_LIMITS.text,
        schema: { params: idParams, body: updateBoxBody, response: { 200: staffBoxResponse } },
      },
      async (request) => ({
        box: await updateBoxForStaff(ctx, await request.actor(), { ...request.body, id: request.params.id }),
      }),
    );
    routes.delete(
      '/boxes/:id',
      { config: { permission: 'media:manage' }, schema: { params: idParams } },
      async (request, reply) => {
        await deleteBoxForStaff(ctx, await request.actor(), request.params);
        return reply.status(204).send();
      },
    );

    routes.get(
      '/suggestions',
      {
        config: { permission: 'submission:review' },
        schema: { querystring: suggestionListQuery, response: { 200: suggestionListResponse } },
      },
      async (request) => listSuggestionsForReview(ctx, await request.actor(), request.query),
    );
    routes.get(
      '/suggestions/stats',
      { config: { permission: 'submission:review' }, schema: { response: { 200: suggestionStatsResponse } } },
      async (request) => getSuggestionStats(ctx, await request.actor(), {}),
    );
    // Server-sent events: { type: 'changed', id, status } per suggestion sent or reviewed.
    routes.get(
      '/suggestions/events',
      { config: { permission: 'submission:review' } },
      async (request, reply) => {
        const readerId = authorizeSuggestionEvents(await request.actor());
        const sessionId = await request.sessionId();
        reply.hijack();
        streamEvents(reply.raw, streams, { readerId, sessionId: sessionId! }, onSuggestionEvent);
      },
    );
    routes.post(
      '/suggestions/:id/accept',
      {
        config: { permission: 'submission:review' },
        bodyLimit: BODY_LIMITS.text,
        schema: { params: idParams, body: acceptSuggestionBody, response: { 200: suggestionReviewResponse } },
      },
      async (request) => ({
        suggestion: await acceptSuggestion(ctx, await request.actor(), {
          ...request.body,
          id: request.params.id,
        }),
      }),
    );
    routes.post(
      '/suggestions/:id/reject',
      {
        config: { permission: 'submission:review' },
        schema: { params: idParams, response: { 200: suggestionReviewResponse } },
      },
      async (request) => ({
        suggestion: await rejectSuggestion(ctx, await request.actor(), request.params),
      }),
    );
  },
});
