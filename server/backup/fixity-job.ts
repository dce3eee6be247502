import type { Db } from '../db/database.ts';
import { createJob, hasQueuedJob } from '../jobs/jobs.repository.ts';
import type { JobRunnerLogger } from '../jobs/job-runner.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { checkFixity, type FixityPosition, type FixityReport } from './fsck.ts';

/**
 * The scheduled fixity check: the server re-hashes every stored original against its row's
 * SHA-256 once a week and logs what changed or went missing (the orphan scan and --repair stay
 * with `npm run fsck`). It works in slices of a few minutes, each one job, so uploads' derivative
 * jobs are never held up for long and no slice looks stale to the queue.
 */
export const FIXITY_JOB = 'fixity-check';
export const FIXITY_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;
/** The first check after start-up waits this long (a fresh start has other work first). */
export const FIXITY_FIRST_DELAY_MS = 60 * 60 * 1000;
const SLICE_MS = 2 * 60 * 1000;
const LISTED = 50;

export type FixityPayload = {
  from?: FixityPosition;
  startedAt?: string;
  /** Totals of the slices so far. */
  so_far?: FixityReport;
  /** The outcome of the last finished round (kept for whoever looks at the jobs table). */
  previous?: FixityReport & { startedAt: string; finishedAt: string };
  /** Time budget of one slice; tests make it small. */
  slice_ms?: number;
};

/** Queues the next round unless one is already waiting (the server calls this at start). */
export async function scheduleFixityCheck(db: Db, delayMs = FIXITY_FIRST_DELAY_MS): Promise<void> {
  if (await hasQueuedJob(db, FIXITY_JOB)) return;
  await createJob(db, FIXITY_JOB, {}, { runAt: new Date(Date.now() + delayMs) });
}

export async function runFixitySlice(
  deps: { db: Db; blobs: BlobStore; logger: JobRunnerLogger },
  payload: FixityPayload,
): Promise<void> {
  const startedAt = payload.startedAt ?? new Date().toISOString();
  const slice = await checkFixity(deps.db, deps.blobs, {
    from: payload.from,
    budgetMs: payload.slice_ms ?? SLICE_MS,
  });
  const before = payload.so_far ?? { checked: 0, derivatives: 0, changed: [], missing: [] };
  const total: FixityReport = {
    checked: before.checked + slice.checked,
    derivatives: before.derivatives + slice.derivatives,
    changed: [...before.changed, ...slice.changed].slice(0, LISTED),
    missing: [...before.missing, ...slice.missing].slice(0, LISTED),
  };
  if (slice.next) {
    await createJob(deps.db, FIXITY_JOB, {
      ...payload,
      from: slice.next,
      startedAt,
      so_far: total,
    } satisfies FixityPayload);
    return;
  }
  const summary = { checked: total.checked, derivatives: total.derivatives, startedAt };
  if (total.changed.length + total.missing.length > 0) {
    deps.logger.warn(
      { ...summary, changed: total.changed, missing: total.missing },
      `fixity check: ${total.changed.length} stored originals changed, ${total.missing.length} files missing (run npm run fsck for the full report; restore them from a backup)`,
    );
  } else {
    deps.logger.info(summary, 'fixity check: every stored original matches its SHA-256');
  }
  const previous = { ...total, startedAt, finishedAt: new Date().toISOString() };
  await createJob(
    deps.db,
    FIXITY_JOB,
    { previous, ...(payload.slice_ms ? { slice_ms: payload.slice_ms } : {}) } satisfies FixityPayload,
    { runAt: new Date(Date.now() + FIXITY_INTERVAL_MS) },
  );
}
