import { FACE_MATCH_THRESHOLD } from '#common/faces.ts';
import type { FaceSuggestionsResponse } from '#common/api/faces.ts';
import type { Actor } from '#common/permissions.ts';
import { notFound } from '#server/errors.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import { logActivity } from '../activity/activity.public.ts';
import { presentFaceJobProgress, presentFaceSuggestion } from './faces.presenter.ts';
import { putSettings } from '../settings/settings.public.ts';
import { FACE_JOB_KINDS, scheduleFaceBackfill } from './face-job.ts';
import {
  deleteAllFaceData,
  deleteQueuedFaceJobs,
  FACE_SETTING_KEY,
  faceJobProgress,
  isFaceJobOn,
  listItemSuggestions,
  mediaExists,
} from './faces.repository.ts';

/** The switch and how far the job has got (the settings screen). */
export async function getFaceSettings(ctx: AppContext, actor: Actor, _input: Record<string, never>) {
  authorize(actor, 'settings:manage');
  const [enabled, progress] = await Promise.all([isFaceJobOn(ctx.db), faceJobProgress(ctx.db)]);
  return { enabled, ...presentFaceJobProgress(progress), threshold: FACE_MATCH_THRESHOLD };
}

/**
 * An admin switches the face job on or off. Off deletes, in the same transaction, every descriptor,
 * every scan record and every suggestion staff have not taken, and drops the queued face jobs (a
 * running one sees "off" before it stores anything: face-job.ts, saveScan). On queues the backfill,
 * which takes every image not yet looked at.
 */
export async function setFaceSettings(ctx: AppContext, actor: Actor, { enabled }: { enabled: boolean }) {
  authorize(actor, 'settings:manage');
  await ctx.db.transaction().execute(async (trx) => {
    await putSettings(trx, { [FACE_SETTING_KEY]: enabled ? 'on' : 'off' }, actor.id);
    let deletedSuggestions: number | undefined;
    if (!enabled) {
      deletedSuggestions = await deleteAllFaceData(trx);
      await deleteQueuedFaceJobs(trx, FACE_JOB_KINDS);
    }
    await logActivity(trx, actor, 'settings.updated', {
      details: {
        keys: [FACE_SETTING_KEY],
        enabled,
        ...(deletedSuggestions === undefined ? {} : { deletedSuggestions }),
      },
    });
  });
  if (enabled && (await scheduleFaceBackfill(ctx.db))) ctx.jobs.wake();
  return getFaceSettings(ctx, actor, {});
}

/** An item's open face suggestions (staff who manage media; public and private items alike). */
export async function listFaceSuggestions(
  ctx: AppContext,
  actor: Actor,
  { id }: { id: string },
): Promise<FaceSuggestionsResponse> {
  authorize(actor, 'media:manage');
  if (!(await mediaExists(ctx.db, id))) throw notFound('No such item');
  const [enabled, rows] = await Promise.all([isFaceJobOn(ctx.db), listItemSuggestions(ctx.db, id)]);
  return {
    enabled,
    suggestions: rows.map(presentFaceSuggestion),
  };
}
