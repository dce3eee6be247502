import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db } from '#server/db/database.ts';
import { createJob, hasQueuedJob } from '#server/jobs/jobs.repository.ts';
import type { JobRunnerLogger } from '#server/jobs/job-runner.ts';
import type { BlobStore } from '#server/storage/blob-store.ts';
import { openImage } from '../ingest/open-image.ts';
import { hashImage } from './dhash.ts';
import { listUnhashedImages, setMediaHashes } from './near-duplicates.repository.ts';

/**
 * Gives the near-duplicate hash to image items made before it existed (migration 0036), a slice
 * of items per job, each slice queueing the next, so derivative jobs are never held up for long.
 * An item whose file cannot be read is logged and passed over (the cursor moves on).
 */
export const HASH_BACKFILL_JOB = 'perceptual-hash-backfill';
const SLICE = 50;

export type HashBackfillPayload = { after?: string };

/** Queues the backfill when an image lacks its hash and none is queued (the server calls this at start). */
export async function scheduleHashBackfill(db: Db): Promise<void> {
  if (await hasQueuedJob(db, HASH_BACKFILL_JOB)) return;
  if ((await listUnhashedImages(db, 1)).length === 0) return;
  await createJob(db, HASH_BACKFILL_JOB, {});
}

export async function runHashBackfill(
  deps: { db: Db; blobs: BlobStore; tmpDir: string; logger: JobRunnerLogger },
  payload: HashBackfillPayload,
): Promise<void> {
  const rows = await listUnhashedImages(deps.db, SLICE, payload.after);
  if (rows.length === 0) return;
  await mkdir(deps.tmpDir, { recursive: true });
  const work = await mkdtemp(join(deps.tmpDir, 'hash-'));
  try {
    for (const row of rows) {
      const path = join(work, row.id);
      try {
        const { body } = await deps.blobs.get(row.file_key);
        await pipeline(body, createWriteStream(path));
        const image = await openImage(path, row.mime_type);
        try {
          await setMediaHashes(deps.db, row.id, await hashImage(image.pipeline()));
        } finally {
          await image.close();
        }
      } catch (error) {
        deps.logger.error({ err: error, mediaId: row.id }, 'near-duplicate hash: the file could not be read');
      } finally {
        await rm(path, { force: true });
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  if (rows.length === SLICE) {
    await createJob(deps.db, HASH_BACKFILL_JOB, { after: rows.at(-1)!.id } satisfies HashBackfillPayload);
  }
}
