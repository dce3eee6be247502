import { idParams } from '#common/api/shared.ts';
import { faceSettingsBody, faceSettingsResponse, faceSuggestionsResponse } from '#common/api/faces.ts';
import { defineFeature } from '#server/http/feature.ts';
import { getFaceSettings, listFaceSuggestions, setFaceSettings } from './faces.service.ts';

/**
 * Face suggestions (issue 29 §3), staff only: nothing here is public (/api/admin/faces). Admins
 * switch the job on or off and see its progress; editors see an item's suggested boxes.
 */
export const facesFeature = defineFeature({
  name: 'faces',
  admin(routes, ctx) {
    routes.get(
      '',
      { config: { permission: 'settings:manage' }, schema: { response: { 200: faceSettingsResponse } } },
      async (request) => getFaceSettings(ctx, await request.actor(), {}),
    );
    routes.put(
      '',
      {
        config: { permission: 'settings:manage' },
        schema: { body: faceSettingsBody, response: { 200: faceSettingsResponse } },
      },
      async (request) => setFaceSettings(ctx, await request.actor(), request.body),
    );
    routes.get(
      '/media/:id',
      {
        config: { permission: 'media:manage' },
        schema: { params: idParams, response: { 200: faceSuggestionsResponse } },
      },
      async (request) => listFaceSuggestions(ctx, await request.actor(), request.params),
    );
  },
});
