/**
 * What the rest of the server may use of the settings besides their service (server/README.md,
 * "Between features"): the watermark and rights statement a new item records, and the watermark
 * screen's own keys.
 */
export { currentWatermarkColumns } from './current-watermark.ts';
export { newItemRights } from './default-rights.ts';
export { getSettings, putSettings } from './settings.repository.ts';
