/**
 * What the rest of the server may use of the media items besides their service (server/README.md,
 * "Between features"): an approved submission becomes an item, the files of an item are served,
 * and other answers show items as the media answers do. Accepted knowledge (issue 29) is written
 * into an item's fields with its row locked; a submission reviewed as a near-duplicate may replace an
 * item's file. Naming people on items (issue 29 §2) moves their datestamp for harvesters.
 */
export {
  createMedia,
  createUsage,
  getMedia,
  getMediaFileInfo,
  getMediaForUpdate,
  updateMedia,
  updateMediaMany,
} from './media.repository.ts';
export { mediaFileUrl, presentMedia } from './media.presenter.ts';
export { originalDateColumns } from './original-date.ts';
export { createViewFlusher } from './view-counts.ts';
