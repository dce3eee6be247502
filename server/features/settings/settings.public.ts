/**
 * What the rest of the server may use of the settings besides their service (server/README.md,
 * "Between features"): the watermark a new item records, and the watermark screen's own keys.
 */
export { currentWatermarkColumns } from './current-watermark.ts';
export { getSettings, putSettings } from './settings.repository.ts';
