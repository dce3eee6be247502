import {
  featuredResponse,
  galleryPageResponse,
  galleryQuery,
  gallerySummaryResponse,
  timelineQuery,
  timelineResponse,
} from '#common/api/gallery.ts';
import { createAnswerCache } from '#server/http/answer-cache.ts';
import { defineFeature } from '#server/http/feature.ts';
import { type KeptBody, sendKeptJson } from '#server/http/kept-body.ts';
import { getGallerySummary, getTimeline, listFeatured, listGallery } from './gallery.service.ts';

/** The public gallery: /api/gallery. */
export const galleryFeature = defineFeature({
  name: 'gallery',
  public(routes, ctx) {
    // The same for every visitor: kept a moment as sent, dropped by any write (http/answer-cache.ts).
    const kept = createAnswerCache<KeptBody>();
    routes.get(
      '/summary',
      { config: { permission: 'gallery:browse' }, schema: { response: { 200: gallerySummaryResponse } } },
      async (request, reply) =>
        sendKeptJson(kept, request, reply, async () => getGallerySummary(ctx, await request.actor(), {})),
    );

    routes.get(
      '',
      {
        config: { permission: 'gallery:browse' },
        schema: { querystring: galleryQuery, response: { 200: galleryPageResponse } },
      },
      async (request, reply) =>
        sendKeptJson(kept, request, reply, async () =>
          listGallery(ctx, await request.actor(), request.query),
        ),
    );

    routes.get(
      '/timeline',
      {
        config: { permission: 'gallery:browse' },
        schema: { querystring: timelineQuery, response: { 200: timelineResponse } },
      },
      async (request, reply) =>
        sendKeptJson(kept, request, reply, async () =>
          getTimeline(ctx, await request.actor(), request.query),
        ),
    );

    routes.get(
      '/featured',
      { config: { permission: 'gallery:browse' }, schema: { response: { 200: featuredResponse } } },
      async (request, reply) =>
        sendKeptJson(kept, request, reply, async () => listFeatured(ctx, await request.actor(), {})),
    );
  },
});
