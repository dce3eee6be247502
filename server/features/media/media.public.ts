/**
 * What the rest of the server may use of the media items besides their service (server/README.md,
 * "Between features"): an approved submission becomes an item, the files of an item are served,
 * and other answers show items as the media answers do.
 */
export { createMedia, createUsage, getMediaFileInfo } from './media.repository.ts';
/** A submission reviewed as a near-duplicate may replace an item's file (issue 29). */
export { getMedia, updateMedia } from './media.repository.ts';
export { mediaFileUrl, presentMedia } from './media.presenter.ts';
export { originalDateColumns } from './original-date.ts';
