import { publicSettingsResponse, updateSettingsBody } from '../../../common/api.ts';
import type { AppContext } from '../../http/context.ts';
import type { FastifyZod } from '../../http/fastify.ts';
import { currentSiteSettings, updateSiteSettings } from './settings.service.ts';

export async function settingsRoutes(app: FastifyZod, ctx: AppContext) {
  app.get(
    '/api/settings/public',
    { config: { permission: 'gallery:browse' }, schema: { response: { 200: publicSettingsResponse } } },
    async () => ({ settings: await currentSiteSettings(ctx) }),
  );

  app.put(
    '/api/settings',
    {
      config: { permission: 'settings:manage' },
      schema: { body: updateSettingsBody, response: { 200: publicSettingsResponse } },
    },
    async (request) => ({
      settings: await updateSiteSettings(ctx, await request.actor(), request.body.settings),
    }),
  );
}
