import { publicSettingsResponse, updateSettingsBody } from '#common/api/settings.ts';
import { defineFeature } from '#server/http/feature.ts';
import { getSiteSettings, updateSiteSettings } from './settings.service.ts';
import { BODY_LIMITS } from '#server/http/json-body.ts';

export const settingsFeature = defineFeature({
  name: 'settings',
  public(routes, ctx) {
    routes.get(
      '/public',
      { config: { permission: 'gallery:browse' }, schema: { response: { 200: publicSettingsResponse } } },
      async (request) => getSiteSettings(ctx, await request.actor(), {}),
    );
  },
  admin(routes, ctx) {
    routes.put(
      '',
      {
        config: { permission: 'settings:manage' },
        bodyLimit: BODY_LIMITS.item,
        schema: { body: updateSettingsBody, response: { 200: publicSettingsResponse } },
      },
      async (request) => updateSiteSettings(ctx, await request.actor(), request.body),
    );
  },
});
