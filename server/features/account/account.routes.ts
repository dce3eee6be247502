import { meResponse, preferencesResponse, updatePreferencesBody } from '../../../common/api.ts';
import type { AppContext } from '../../http/context.ts';
import type { FastifyZod } from '../../http/fastify.ts';
import { presentMe } from '../users/users.presenter.ts';
import { updateOwnPreferences } from './preferences.service.ts';

export async function accountRoutes(app: FastifyZod, ctx: AppContext) {
  app.get(
    '/api/me',
    { config: { permission: 'gallery:browse' }, schema: { response: { 200: meResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await request.user();
      return { user: user ? presentMe(user) : null };
    },
  );

  app.patch(
    '/api/me/preferences',
    {
      config: { permission: 'profile:update-own' },
      schema: { body: updatePreferencesBody, response: { 200: preferencesResponse } },
    },
    async (request) => ({
      preferences: await updateOwnPreferences(ctx, await request.actor(), request.body),
    }),
  );
}
