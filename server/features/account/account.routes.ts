import { meResponse, preferencesResponse, updatePreferencesBody } from '#common/api/account.ts';
import { defineFeature } from '#server/http/feature.ts';
import { presentMe } from '../users/users.public.ts';
import { updateOwnPreferences } from './preferences.service.ts';

/** The signed-in account's own: /api/me. */
export const accountFeature = defineFeature({
  name: 'me',
  public(routes, ctx) {
    routes.get(
      '',
      { config: { permission: 'gallery:browse' }, schema: { response: { 200: meResponse } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const user = await request.user();
        return { user: user ? presentMe(user) : null };
      },
    );

    routes.patch(
      '/preferences',
      {
        config: { permission: 'profile:update-own' },
        schema: { body: updatePreferencesBody, response: { 200: preferencesResponse } },
      },
      async (request) => ({
        preferences: await updateOwnPreferences(ctx, await request.actor(), request.body),
      }),
    );
  },
});
