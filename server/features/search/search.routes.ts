import { idSearchQuery, idSearchResponse } from '#common/api/search.ts';
import { defineFeature } from '#server/http/feature.ts';
import { searchByDisplayId } from './search.service.ts';

export const searchFeature = defineFeature({
  name: 'search',
  admin(routes, ctx) {
    routes.get(
      '/by-id',
      {
        config: { permission: 'admin:dashboard' },
        schema: { querystring: idSearchQuery, response: { 200: idSearchResponse } },
      },
      async (request) => searchByDisplayId(ctx, await request.actor(), request.query),
    );
  },
});
