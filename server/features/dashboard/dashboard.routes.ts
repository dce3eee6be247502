import { dashboardResponse } from '#common/api/dashboard.ts';
import { defineFeature } from '#server/http/feature.ts';
import { getDashboard } from './dashboard.service.ts';

export const dashboardFeature = defineFeature({
  name: 'dashboard',
  admin(routes, ctx) {
    routes.get(
      '',
      {
        config: { permission: 'admin:dashboard' },
        schema: { response: { 200: dashboardResponse } },
      },
      async (request) => getDashboard(ctx, await request.actor(), {}),
    );
  },
});
