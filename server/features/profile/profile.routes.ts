import { ownProfileResponse, updateOwnProfileBody } from '#common/api/profile.ts';
import { defineFeature } from '#server/http/feature.ts';
import { getOwnProfile, updateOwnProfile } from '../users/users.service.ts';

/** The signed-in staff member's own profile page (/admin/profile). */
export const profileFeature = defineFeature({
  name: 'profile',
  admin(routes, ctx) {
    routes.get(
      '',
      { config: { permission: 'profile:update-own' }, schema: { response: { 200: ownProfileResponse } } },
      async (request) => ({ profile: await getOwnProfile(ctx, await request.actor(), {}) }),
    );

    routes.patch(
      '',
      {
        config: { permission: 'profile:update-own' },
        schema: { body: updateOwnProfileBody, response: { 200: ownProfileResponse } },
      },
      async (request) => ({ profile: await updateOwnProfile(ctx, await request.actor(), request.body) }),
    );
  },
});
