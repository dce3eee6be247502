import { mapClustersQuery, mapClustersResponse, mapItemsQuery, mapItemsResponse } from '#common/api/map.ts';
import { defineFeature } from '#server/http/feature.ts';
import { keptBody, sendKept } from '#server/http/kept-body.ts';
import { chargeUncached } from '#server/http/search-budget.ts';
import { getMapClusters, listMapItems, makeBasemap } from './map.service.ts';

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

    routes.get(
      '/clusters',
      {
        config: { permission: 'gallery:browse' },
        schema: { querystring: mapClustersQuery, response: { 200: mapClustersResponse } },
      },
      async (request) => {
        // A search's answer is the visitor's own, made anew: charged to the address like the gallery's.
        if (request.query.q) chargeUncached(request);
        return getMapClusters(ctx, await request.actor(), request.query);
      },
    );

    // The located items by title, for the map's page without script (it embeds the answer).
    routes.get(
      '/items',
      {
        config: { permission: 'gallery:browse' },
        schema: { querystring: mapItemsQuery, response: { 200: mapItemsResponse } },
      },
      async (request) => {
        if (request.query.q) chargeUncached(request);
        return listMapItems(ctx, await request.actor(), request.query);
      },
    );
  },
});
