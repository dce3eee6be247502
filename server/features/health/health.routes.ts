import { healthResponse } from '#common/api/health.ts';
import { defineFeature } from '#server/http/feature.ts';
import { checkHealth } from './health.service.ts';

export const healthFeature = defineFeature({
  name: 'health',
  public(routes, ctx) {
    routes.get(
      '',
      { config: { permission: 'gallery:browse' }, schema: { response: { 200: healthResponse } } },
      async (request) => checkHealth(ctx, await request.actor(), {}),
    );
  },
});
