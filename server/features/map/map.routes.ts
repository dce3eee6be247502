import { defineFeature } from '#server/http/feature.ts';
import { keptBody, sendKept } from '#server/http/kept-body.ts';
import { makeBasemap } from './map.service.ts';

/** The map (issue 28 §4): /api/map. */
export const mapFeature = defineFeature({
  name: 'map',
  public(routes, ctx) {
    // The same until the service restarts with another MAP_REGION: made at the first request,
    // then sent as kept bytes with an ETag (a browser that holds it gets a 304).
    let basemap: ReturnType<typeof keptBody> | undefined;
    routes.get('/basemap', { config: { permission: 'gallery:browse' } }, async (request, reply) => {
      basemap ??= keptBody(JSON.stringify(makeBasemap(ctx.config)), 'application/json; charset=utf-8');
      reply.header('cache-control', 'public, max-age=3600, must-revalidate');
      return sendKept(request, reply, basemap);
    });
  },
});
