import { GENERAL_SETTING_KEYS } from '../../../common/settings.ts';
import { SITE_SETTING_DEFAULTS } from '../../../common/site-defaults.ts';
import type { Actor } from '../../../common/permissions.ts';
import { authorize } from '../../http/authorize.ts';
import type { AppContext } from '../../http/context.ts';
import { createActivity } from '../activity/activity.repository.ts';
import { getSettings, putSettings } from './settings.repository.ts';

/** The general site settings with the spec's defaults for any not set. */
export async function currentSiteSettings(ctx: AppContext) {
  return { ...SITE_SETTING_DEFAULTS, ...(await getSettings(ctx.db, GENERAL_SETTING_KEYS)) };
}

/** An admin changes some general settings; the change is logged. Answers all of them. */
export async function updateSiteSettings(
  ctx: AppContext,
  actor: Actor,
  changes: Partial<Record<string, string | undefined>>,
) {
  authorize(actor, 'settings:manage');
  const values = Object.fromEntries(
    Object.entries(changes).filter((entry): entry is [string, string] => entry[1] !== undefined),
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
  return currentSiteSettings(ctx);
}
