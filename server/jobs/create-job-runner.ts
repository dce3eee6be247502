import type { Db } from '../db/database.ts';
import {
  AV_DERIVATIVES_JOB,
  DERIVATIVES_JOB,
  type DerivativesPayload,
  makeDerivatives,
} from '../media/derivatives/make-derivatives.ts';
import { makePlayableCopy } from '../media/derivatives/playable-copy.ts';
import {
  PLAYABLE_COPY_JOB,
  type PlayableCopyPayload,
} from '../media/derivatives/playable-copies.repository.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  NOTIFY_STAFF_JOB,
  NOTIFY_SUBMITTER_JOB,
  sendStaffNotice,
  sendSubmitterNotice,
} from '../features/submissions/submissions.public.ts';
import { FIXITY_JOB, type FixityPayload, runFixitySlice } from '../backup/fixity-job.ts';
import { MAIL_JOB, sendQueuedMail } from '../mail/mail-job.ts';
import {
  HASH_BACKFILL_JOB,
  type HashBackfillPayload,
  runHashBackfill,
} from '../media/perceptual/hash-backfill-job.ts';
import {
  FACE_BACKFILL_JOB,
  FACE_SCAN_JOB,
  type FaceBackfillPayload,
  type FaceScanPayload,
  queueFaceScan,
  runFaceBackfill,
  runFaceScan,
} from '../features/faces/faces.public.ts';
import { lowerImageThreadPriority } from '../media/image-threads.ts';
import { type JobHandler, JobRunner, type JobRunnerLogger } from './job-runner.ts';
import type { Job } from './jobs.repository.ts';

/**
 * The queue's workers: every kind of background job and the function that does it. Sound and
 * video derivatives have a lane of their own: a decode, bounded as it is (DESIGN §4.8), may take
 * minutes, and a queue of them must not keep image thumbnails, staff uploads' derivatives or mail
 * waiting; one at a time there, so at most one decoder's memory limit is ever in use. Playable
 * copies of old video (an encode: as long as the film, or longer) have the third lane, so a
 * digitised tape being encoded never holds up the posters of the next uploads. Face suggestions
 * (issue 29 §3: a scan queued after an image's derivatives, and the backfill) have the fourth, the
 * lowest priority: their detection runs on a thread niced to 19, one image at a time.
 */
export function createJobRunner(deps: {
  db: Db;
  blobs: BlobStore;
  tmpDir: string;
  logger: JobRunnerLogger;
  mailer: Mailer;
  publicUrl: string;
}) {
  const wake = () => runner.wake();
  // A new or replaced image item is looked at for faces once its derivatives are made (when on).
  const imageReady = async (mediaId: string) => {
    if (await queueFaceScan(deps.db, mediaId)) wake();
  };
  const derivatives: JobHandler = (payload, job) =>
    makeDerivatives(
      { ...deps, wake, imageReady },
      payload as unknown as DerivativesPayload,
      job.attempts >= job.max_attempts,
    );
  const handlers: Record<string, JobHandler> = {
    [DERIVATIVES_JOB]: derivatives,
    [AV_DERIVATIVES_JOB]: derivatives,
    [PLAYABLE_COPY_JOB]: (payload, job) =>
      makePlayableCopy(deps, payload as unknown as PlayableCopyPayload, job.attempts >= job.max_attempts),
    [NOTIFY_STAFF_JOB]: (payload) => sendStaffNotice(deps, payload as { since: string }),
    [NOTIFY_SUBMITTER_JOB]: (payload) => sendSubmitterNotice(deps, payload as { submissionId: string }),
    [FIXITY_JOB]: (payload) => runFixitySlice(deps, payload as FixityPayload),
    [MAIL_JOB]: (payload) => sendQueuedMail(deps, payload),
    [HASH_BACKFILL_JOB]: (payload) => runHashBackfill(deps, payload as HashBackfillPayload),
    [FACE_SCAN_JOB]: (payload) => runFaceScan(deps, payload as FaceScanPayload),
    [FACE_BACKFILL_JOB]: (payload) => runFaceBackfill(deps, payload as FaceBackfillPayload),
  };
  const runner: JobRunner = new JobRunner(
    deps.db,
    // A job's image work runs on libvips' threads, lowered before and after each job (new threads
    // are found then): background work takes the CPU that visitors' answers leave.
    Object.fromEntries(
      Object.entries(handlers).map(([kind, handler]) => [
        kind,
        async (payload: Record<string, unknown>, job: Job) => {
          lowerImageThreadPriority();
          try {
            return await handler(payload, job);
          } finally {
            lowerImageThreadPriority();
          }
        },
      ]),
    ),
    deps.logger,
    undefined,
    [[AV_DERIVATIVES_JOB], [PLAYABLE_COPY_JOB], [FACE_SCAN_JOB, FACE_BACKFILL_JOB]],
  );
  return runner;
}
