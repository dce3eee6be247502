import { contributorDashboardResponse } from '#common/api/contributor.ts';
import { defineFeature } from '#server/http/feature.ts';
import { getContributorDashboard } from './contributor.service.ts';

/** The signed-in contributor's own page: /api/contributor. */
export const contributorFeature = defineFeature({
  name: 'contributor',
  public(routes, ctx) {
    routes.get(
      '/dashboard',
      {
        config: { permission: 'contributor:dashboard' },
        schema: { response: { 200: contributorDashboardResponse } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return getContributorDashboard(ctx, await request.actor(), {});
      },
    );
  },
});
