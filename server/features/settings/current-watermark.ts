import { WATERMARK_SETTING_KEYS } from '#common/settings.ts';
import { isWatermarkActive, normalizeWatermarkSettings } from '#common/watermark.ts';
import type { Db } from '#server/db/database.ts';
import { getSettings } from './settings.repository.ts';

/**
 * The watermark columns a new media item records: the settings in force now, so that later
 * changes leave existing items as they were (admin-back-office.md §4). Defaults stand in for
 * missing or invalid settings (public-site.md §8).
 */
export async function currentWatermarkColumns(db: Db) {
  const watermark = normalizeWatermarkSettings(await getSettings(db, WATERMARK_SETTING_KEYS));
  return {
    watermark_enabled: isWatermarkActive(watermark),
    watermark_type: watermark.type,
    watermark_position: watermark.position,
    watermark_opacity: watermark.opacity,
    watermark_size: watermark.size,
    watermark_level: watermark.level,
    watermark_text: watermark.text,
  };
}
