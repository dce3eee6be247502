import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FACE_MATCH_THRESHOLD } from '#common/faces.ts';
import type { Db } from '#server/db/database.ts';
import type { JobRunnerLogger } from '#server/jobs/job-runner.ts';
import { createJob, hasQueuedJob } from '#server/jobs/jobs.repository.ts';
import { descriptorDistance, type FoundFace, findFaces } from '#server/media/faces/face-engine.ts';
import type { BlobStore } from '#server/storage/blob-store.ts';
import {
  type Box,
  clearScan,
  createFace,
  createSuggestedBox,
  getScannableImage,
  isFaceJobOn,
  listNamedFaces,
  listNamedFacesAmong,
  listSuggestionFaces,
  listSuggestionFacesLike,
  listUnscannedImages,
  recordScan,
  setLookAlike,
} from './faces.repository.ts';

/**
 * The face job (issue 29 §3): finds the faces on one image item (queued after its derivatives are
 * made) and offers staff an unnamed box for each face not already in a box, with the person it
 * looks like when a face in a named box is near enough. A backfill job takes the images made before
 * the job was switched on, a slice at a time, each slice queueing the next. Both run in a lane of
 * their own (server/jobs/create-job-runner.ts), so a long backfill never holds up thumbnails or
 * mail; the detection itself is bounded by face-engine.ts (one image at a time, niced, 1024 px).
 */
export const FACE_SCAN_JOB = 'face-scan';
export const FACE_BACKFILL_JOB = 'face-backfill';
export const FACE_JOB_KINDS = [FACE_SCAN_JOB, FACE_BACKFILL_JOB];
const SLICE = 20;
/** Named faces read per page in the look-alike search, so memory stays flat however many there are. */
const NAMED_PAGE = 2_000;
/** A face belongs to a box drawn around it when at least this share of the face lies inside. */
const INSIDE_SHARE = 0.5;

export type FaceScanPayload = { mediaId: string };
export type FaceBackfillPayload = { after?: string };

interface Deps {
  db: Db;
  blobs: BlobStore;
  tmpDir: string;
  logger: JobRunnerLogger;
}

/** Queues a scan of one image when the job is on (after its derivatives). Answers whether it did. */
export async function queueFaceScan(db: Db, mediaId: string): Promise<boolean> {
  if (!(await isFaceJobOn(db))) return false;
  await createJob(db, FACE_SCAN_JOB, { mediaId } satisfies FaceScanPayload);
  return true;
}

/** Queues the backfill when the job is on and none is queued (at start, and when switched on). */
export async function scheduleFaceBackfill(db: Db): Promise<boolean> {
  if (!(await isFaceJobOn(db))) return false;
  if (await hasQueuedJob(db, FACE_BACKFILL_JOB)) return false;
  if ((await listUnscannedImages(db, 1)).length === 0) return false;
  await createJob(db, FACE_BACKFILL_JOB, {});
  return true;
}

export async function runFaceScan(deps: Deps, payload: FaceScanPayload): Promise<void> {
  if (!(await isFaceJobOn(deps.db))) return;
  const image = await getScannableImage(deps.db, payload.mediaId);
  if (!image) return; // deleted, or not an image
  await scanImages(deps, [image]);
}

export async function runFaceBackfill(deps: Deps, payload: FaceBackfillPayload): Promise<void> {
  if (!(await isFaceJobOn(deps.db))) return;
  const rows = await listUnscannedImages(deps.db, SLICE, payload.after);
  if (rows.length === 0) return;
  await scanImages(deps, rows);
  if (rows.length === SLICE && (await isFaceJobOn(deps.db))) {
    await createJob(deps.db, FACE_BACKFILL_JOB, { after: rows.at(-1)!.id } satisfies FaceBackfillPayload);
  }
}

async function scanImages(deps: Deps, rows: { id: string; file_key: string; mime_type: string }[]) {
  await mkdir(deps.tmpDir, { recursive: true });
  const work = await mkdtemp(join(deps.tmpDir, 'faces-'));
  try {
    for (const row of rows) {
      const path = join(work, row.id);
      let faces: FoundFace[] = [];
      let error: string | null = null;
      try {
        const { body } = await deps.blobs.get(row.file_key);
        await pipeline(body, createWriteStream(path));
        faces = (await findFaces(path, row.mime_type)).faces;
      } catch (caught) {
        // An image the engine cannot read is recorded as scanned with its reason, not retried for ever.
        error = caught instanceof Error ? caught.message : String(caught);
        deps.logger.warn({ err: error, mediaId: row.id }, 'face job: the image could not be read');
      } finally {
        await rm(path, { force: true });
      }
      if (!(await saveScan(deps.db, row.id, faces, error))) return; // switched off meanwhile
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Stores what was found on one image in one transaction, after taking the switch's row under a
 * share lock: an "off" written meanwhile is waited for and seen, so nothing is stored after it.
 */
async function saveScan(db: Db, mediaId: string, faces: FoundFace[], error: string | null) {
  const lookAlikes = await Promise.all(faces.map((face) => nearestNamedFace(db, mediaId, face.descriptor)));
  return db.transaction().execute(async (trx) => {
    if (!(await isFaceJobOn(trx, true))) return false;
    if (!(await getScannableImage(trx, mediaId))) return true; // deleted meanwhile
    const boxes = await clearScan(trx, mediaId);
    for (const [index, face] of faces.entries()) {
      const like = lookAlikes[index];
      const inBox = boxAround(face, boxes);
      const boxId =
        inBox?.id ??
        (
          await createSuggestedBox(trx, {
            mediaId,
            x: face.x,
            y: face.y,
            w: face.w,
            h: face.h,
            // How alike, when it looks like someone (1 − distance: face-api's similarity).
            confidence: like ? Math.max(0, Math.min(1, 1 - like.distance)) : null,
            suggestedPersonId: like?.personId ?? null,
          })
        ).id;
      await createFace(trx, {
        mediaId,
        boxId,
        ...face,
        lookAlikeFaceId: like?.faceId ?? null,
        lookAlikeDistance: like?.distance ?? null,
      });
    }
    await recordScan(trx, mediaId, faces.length, error);
    return true;
  });
}

/** The tightest box (confirmed, named or dismissed) that holds most of the face, if any. */
export function boxAround(
  face: { x: number; y: number; w: number; h: number },
  boxes: Box[],
): Box | undefined {
  let best: Box | undefined;
  for (const box of boxes) {
    const across = Math.min(face.x + face.w, box.x + box.w) - Math.max(face.x, box.x);
    const down = Math.min(face.y + face.h, box.y + box.h) - Math.max(face.y, box.y);
    if (across <= 0 || down <= 0) continue;
    if ((across * down) / (face.w * face.h) < INSIDE_SHARE) continue;
    if (!best || box.w * box.h < best.w * best.h) best = box;
  }
  return best;
}

/**
 * The open offers' look-alikes made right again after these faces changed: their box was named,
 * renamed, unnamed, confirmed, dismissed or deleted, or their person was made private or public or
 * deleted (people.service.ts calls it in the transaction of that change, after it). An offer whose
 * look-alike was one of them is compared again with every named face (it may now look like
 * someone else, or no one); every other offer with the ones that are named now, taking one when it
 * is nearer than its own. Offers on the same item as a face are not compared with it (as a scan).
 */
export async function refreshLookAlikes(db: Db, changedFaceIds: string[]): Promise<void> {
  if (changedFaceIds.length === 0) return;
  const stale = await listSuggestionFacesLike(db, changedFaceIds);
  for (const face of stale) {
    await setLookAlike(db, face, await nearestNamedFace(db, face.media_id, face.descriptor));
  }
  const named = await listNamedFacesAmong(db, changedFaceIds);
  if (named.length === 0) return;
  const done = new Set(stale.map((face) => face.id)); // compared with every named face already
  let after: string | undefined;
  for (;;) {
    const page = await listSuggestionFaces(db, NAMED_PAGE, after);
    for (const face of page) {
      if (done.has(face.id)) continue;
      let best: { faceId: string; personId: string; distance: number } | undefined;
      for (const other of named) {
        if (other.media_id === face.media_id) continue;
        const distance = descriptorDistance(face.descriptor, other.descriptor);
        const current = best?.distance ?? face.look_alike_distance ?? Number.POSITIVE_INFINITY;
        if (distance < FACE_MATCH_THRESHOLD && distance < current) {
          best = { faceId: other.id, personId: other.person_id, distance };
        }
      }
      if (best) await setLookAlike(db, face, best);
    }
    if (page.length < NAMED_PAGE) return;
    after = page.at(-1)!.id;
  }
}

/** The nearest face in a named box on another item, within FACE_MATCH_THRESHOLD. */
async function nearestNamedFace(db: Db, mediaId: string, descriptor: number[]) {
  let best: { faceId: string; personId: string; distance: number } | undefined;
  let after: string | undefined;
  for (;;) {
    const page = await listNamedFaces(db, mediaId, NAMED_PAGE, after);
    for (const named of page) {
      const distance = descriptorDistance(descriptor, named.descriptor);
      if (distance < FACE_MATCH_THRESHOLD && (!best || distance < best.distance)) {
        best = { faceId: named.id, personId: named.person_id, distance };
      }
    }
    if (page.length < NAMED_PAGE) return best;
    after = page.at(-1)!.id;
  }
}
