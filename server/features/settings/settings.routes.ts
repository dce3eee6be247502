import { publicSettingsResponse, updateSettingsBody } from '../../../common/api.ts';
import { GENERAL_SETTING_KEYS } from '../../../common/settings.ts';
import { SITE_SETTING_DEFAULTS } from '../../../common/site-defaults.ts';
import { authorize } from '../../http/authorize.ts';
import type { AppContext } from '../../http/context.ts';
import type { FastifyZod } from '../../http/fastify.ts';
import { createActivity } from '../activity/activity.repository.ts';
import { getSettings, putSettings } from './settings.repository.ts';

/** The general site settings with the spec's defaults for any not set. */
export async function currentSiteSettings(ctx: AppContext) {
  return { ...SITE_SETTING_DEFAULTS, ...(await getSettings(ctx.db, GENERAL_SETTING_KEYS)) };
}

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
    async (request) => {
      const actor = await request.actor();
      authorize(actor, 'settings:manage');
      const values = Object.fromEntries(
        Object.entries(request.body.settings).filter(
          (entry): entry is [string, string] => entry[1] !== undefined,
        ),
      );
      await ctx.db.transaction().execute(async (trx) => {
        await putSettings(trx, values, actor.id);
        await createActivity(trx, {
          userId: actor.id,
          action: 'settings_updated',
          resourceType: 'settings',
          details: { keys: Object.keys(values) },
        });
      });
      return { settings: await currentSiteSettings(ctx) };
    },
  );
}
