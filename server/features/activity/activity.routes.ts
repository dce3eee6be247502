import { activityListQuery, activityListResponse } from '#common/api/activity.ts';
import { defineFeature } from '#server/http/feature.ts';
import { listActivityLog } from './activity.service.ts';

export const activityFeature = defineFeature({
  name: 'activity',
  admin(routes, ctx) {
    routes.get(
      '',
      {
        config: { permission: 'activity:read' },
        schema: { querystring: activityListQuery, response: { 200: activityListResponse } },
      },
      async (request) => listActivityLog(ctx, await request.actor(), request.query),
    );
  },
});
