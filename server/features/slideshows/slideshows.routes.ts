import { idParams } from '#common/api/shared.ts';
import {
  adminSlideshowListQuery,
  adminSlideshowListResponse,
  adminSlideshowResponse,
  createdSlideshowResponse,
  updatedSlideshowResponse,
  updateSlideshowBody,
  createSlideshowBody,
  latestSlideshowResponse,
  slideshowResponse,
} from '#common/api/slideshows.ts';
import { defineFeature } from '#server/http/feature.ts';
import {
  createSlideshow,
  deleteSlideshow,
  getAdminSlideshow,
  getLatestSlideshow,
  getSlideshow,
  listAdminSlideshows,
  updateSlideshow,
} from './slideshows.service.ts';
import { BODY_LIMITS } from '#server/http/json-body.ts';

export const slideshowsFeature = defineFeature({
  name: 'slideshows',
  public(routes, ctx) {
    // The header's slideshow button: the newest public slideshow.
    routes.get(
      '/latest',
      { config: { permission: 'gallery:browse' }, schema: { response: { 200: latestSlideshowResponse } } },
      async (request) => getLatestSlideshow(ctx, await request.actor(), {}),
    );

    routes.get(
      '/:id',
      {
        config: { permission: 'slideshow:read' },
        schema: { params: idParams, response: { 200: slideshowResponse } },
      },
      async (request) => getSlideshow(ctx, await request.actor(), request.params),
    );
  },
  admin(routes, ctx) {
    routes.post(
      '',
      {
        config: { permission: 'slideshow:manage' },
        bodyLimit: BODY_LIMITS.slideshow,
        schema: { body: createSlideshowBody, response: { 201: createdSlideshowResponse } },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send({ slideshow: await createSlideshow(ctx, await request.actor(), request.body) }),
    );

    routes.get(
      '',
      {
        config: { permission: 'slideshow:manage' },
        schema: { querystring: adminSlideshowListQuery, response: { 200: adminSlideshowListResponse } },
      },
      async (request) => listAdminSlideshows(ctx, await request.actor(), request.query),
    );

    routes.get(
      '/:id',
      {
        config: { permission: 'slideshow:manage' },
        schema: { params: idParams, response: { 200: adminSlideshowResponse } },
      },
      async (request) => getAdminSlideshow(ctx, await request.actor(), request.params),
    );

    routes.patch(
      '/:id',
      {
        config: { permission: 'slideshow:manage' },
        bodyLimit: BODY_LIMITS.slideshow,
        schema: { params: idParams, body: updateSlideshowBody, response: { 200: updatedSlideshowResponse } },
      },
      async (request) =>
        updateSlideshow(ctx, await request.actor(), { ...request.body, id: request.params.id }),
    );

    routes.delete(
      '/:id',
      { config: { permission: 'slideshow:manage' }, schema: { params: idParams } },
      async (request, reply) => {
        await deleteSlideshow(ctx, await request.actor(), request.params);
        return reply.status(204).send();
      },
    );
  },
});
