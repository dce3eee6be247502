import type { z } from 'zod';
import type { Actor } from '#common/permissions.ts';
import { WATERMARK_SETTING_KEYS } from '#common/settings.ts';
import { normalizeWatermarkSettings, type WatermarkSettings } from '#common/watermark.ts';
import { watermarkSettingsBody } from '#common/api/watermark.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import { AppError } from '#server/errors.ts';
import { consumeRateLimit } from '#server/http/rate-limit.ts';
import { renderWatermarkPreview } from '#server/media/watermark/preview.ts';
import { logActivity } from '../activity/activity.public.ts';
import { getSettings, putSettings } from '../settings/settings.public.ts';

type Body = z.output<typeof watermarkSettingsBody>;

/**
 * The settings in force: the six stored keys, with the spec's default for any missing or invalid
 * (admin-back-office.md §4), exactly as new uploads record them (settings/current-watermark.ts).
 */
export async function getWatermarkSettings(
  ctx: AppContext,
  actor: Actor,
  _input: Record<string, never>,
): Promise<{ settings: WatermarkSettings }> {
  authorize(actor, 'watermark:manage');
  return { settings: normalizeWatermarkSettings(await getSettings(ctx.db, WATERMARK_SETTING_KEYS)) };
}

/**
 * An admin saves the six keys (one upsert per key, in one transaction with its log entry). Only
 * uploads and submissions made from now on record them; existing items keep the settings they
 * recorded (admin-back-office.md §4).
 */
export async function updateWatermarkSettings(
  ctx: AppContext,
  actor: Actor,
  input: z.input<typeof watermarkSettingsBody>,
): Promise<{ settings: WatermarkSettings }> {
  authorize(actor, 'watermark:manage');
  const body = watermarkSettingsBody.parse(input);
  const values: Record<(typeof WATERMARK_SETTING_KEYS)[number], string> = {
    watermark_type: body.type,
    watermark_position: body.position,
    watermark_opacity: String(body.opacity),
    watermark_size: body.size,
    watermark_text: body.text,
    watermark_level: body.level,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await putSettings(trx, values, actor!.id);
    await logActivity(trx, actor, 'watermark.updated', { name: 'Watermark settings', details: { ...body } });
  });
  return getWatermarkSettings(ctx, actor, {});
}

/** Previews per admin per minute: a form sends one per change (debounced), far below this. */
const PREVIEW_LIMIT = {
  windowSeconds: 60,
  max: 120,
  message: 'Too many previews at once; please wait a moment and try again.',
};
/** Renders at once in this process; more wait their turn, and a long queue is refused. */
const PREVIEW_CONCURRENCY = 2;
const PREVIEW_QUEUE_MAX = 8;
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PREVIEW_CONCURRENCY) {
    if (waiting.length >= PREVIEW_QUEUE_MAX) throw tooMany();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const tooMany = () => new AppError(429, 'RATE_LIMITED', PREVIEW_LIMIT.message);

/**
 * The live preview of unsaved form values: the sample picture watermarked by the server's own
 * renderer (server/media/watermark/), so what the admin sees is what uploads will get.
 */
export async function previewWatermark(ctx: AppContext, actor: Actor, input: Body): Promise<Buffer> {
  authorize(actor, 'watermark:manage');
  await consumeRateLimit(ctx.db, `watermark-preview:${actor!.id}`, PREVIEW_LIMIT);
  const settings = normalizeWatermarkSettings({
    watermark_type: input.type,
    watermark_position: input.position,
    watermark_opacity: input.opacity,
    watermark_size: input.size,
    watermark_level: input.level,
    watermark_text: input.text,
  });
  return inTurn(() => renderWatermarkPreview(settings));
}
