import { GENERAL_SETTING_KEYS } from '#common/settings.ts';
import { SITE_SETTING_DEFAULTS } from '#common/site-defaults.ts';
import type { Actor } from '#common/permissions.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import { logActivity } from '../activity/activity.public.ts';
import { getSettings, putSettings } from './settings.repository.ts';
import { sharedAnswer } from '#server/db/data-versions.ts';

/** The general site settings with the spec's defaults for any not set. */
export async function getSiteSettings(ctx: AppContext, _actor: Actor, _input: Record<string, never>) {
  return sharedAnswer(ctx.db, 'site settings', async () => ({
    settings: { ...SITE_SETTING_DEFAULTS, ...(await getSettings(ctx.db, GENERAL_SETTING_KEYS)) },
  }));
}

/** An admin changes some general settings (one upsert per key); the change is logged. Answers all of them. */
export async function updateSiteSettings(
  ctx: AppContext,
  actor: Actor,
  { settings }: { settings: Partial<Record<string, string | undefined>> },
) {
  authorize(actor, 'settings:manage');
  const values = Object.fromEntries(
    Object.entries(settings).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  await ctx.db.transaction().execute(async (trx) => {
    await putSettings(trx, values, actor.id);
    await logActivity(trx, actor, 'settings.updated', { details: { keys: Object.keys(values) } });
  });
  return getSiteSettings(ctx, actor, {});
}
