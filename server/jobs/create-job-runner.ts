import type { Db } from '../db/database.ts';
import {
  DERIVATIVES_JOB,
  type DerivativesPayload,
  makeDerivatives,
} from '../media/derivatives/make-derivatives.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { JobRunner, type JobRunnerLogger } from './job-runner.ts';

/** The queue's workers: every kind of background job and the function that does it. */
export function createJobRunner(deps: { db: Db; blobs: BlobStore; tmpDir: string; logger: JobRunnerLogger }) {
  return new JobRunner(
    deps.db,
    {
      [DERIVATIVES_JOB]: (payload, job) =>
        makeDerivatives(deps, payload as unknown as DerivativesPayload, job.attempts >= job.max_attempts),
    },
    deps.logger,
  );
}
