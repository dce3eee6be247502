/**
 * What the rest of the server may use of the resumable uploads besides their service
 * (server/README.md, "Between features"): who owns an upload, and the uploads' store made at start.
 */
export { uploadOwnerOf } from './upload-owner.ts';
export { createResumableUploads } from './resumable-uploads.ts';
