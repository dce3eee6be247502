/**
 * What the rest of the server may use of face suggestions besides their service (server/README.md,
 * "Between features"): the job's kinds and runners for the job runner, the scan queued after an
 * image's derivatives, the backfill queued at start, the engine's shutdown, and the look-alikes
 * made right again when people change a box or a person (people.service.ts).
 */
export {
  FACE_BACKFILL_JOB,
  FACE_JOB_KINDS,
  FACE_SCAN_JOB,
  type FaceBackfillPayload,
  type FaceScanPayload,
  queueFaceScan,
  refreshLookAlikes,
  runFaceBackfill,
  runFaceScan,
  scheduleFaceBackfill,
} from './face-job.ts';
export { listFaceIdsOfBox, listFaceIdsOfPerson } from './faces.repository.ts';
export { closeFaceEngine } from '#server/media/faces/face-engine.ts';
