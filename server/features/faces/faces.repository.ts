import type { Db } from '#server/db/database.ts';

/** The site_settings key of the switch; 'on' runs the job, anything else (or no row) does not. */
export const FACE_SETTING_KEY = 'face_suggestions';

/** Whether the job is on, read under a share lock: an "off" being written is waited for and seen. */
export async function isFaceJobOn(db: Db, lock = false): Promise<boolean> {
  let query = db.selectFrom('site_settings').select('value').where('key', '=', FACE_SETTING_KEY);
  if (lock) query = query.forShare();
  const row = await query.executeTakeFirst();
  return row?.value === 'on';
}

/** An image item the job can read, when it is one and its derivatives are made. */
export function getScannableImage(db: Db, mediaId: string) {
  return db
    .selectFrom('media_items')
    .select(['id', 'file_key', 'mime_type'])
    .where('id', '=', mediaId)
    .where('media_type', '=', 'image')
    .where('processing_status', '=', 'ready')
    .executeTakeFirst();
}

/** Image items the job has not looked at yet, in id order after `after`. */
export function listUnscannedImages(db: Db, limit: number, after?: string) {
  let query = db
    .selectFrom('media_items as m')
    .select(['m.id', 'm.file_key', 'm.mime_type'])
    .where('m.media_type', '=', 'image')
    .where('m.processing_status', '=', 'ready')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('face_scans as s').select('s.media_id').whereRef('s.media_id', '=', 'm.id'))),
    );
  if (after) query = query.where('m.id', '>', after);
  return query.orderBy('m.id').limit(limit).execute();
}

export interface Box {
  id: string;
  x: number;
  y: number;
  w: number;
  h: number;
  status: 'confirmed' | 'suggested' | 'dismissed';
  person_id: string | null;
}

/**
 * A new scan of an item starts clean: its faces and the job's own undecided, unnamed boxes go; the
 * boxes staff or visitors drew, named, confirmed or dismissed stay (a dismissed one is not offered
 * again). Answers the boxes that stay.
 */
export async function clearScan(db: Db, mediaId: string): Promise<Box[]> {
  await db.deleteFrom('media_faces').where('media_id', '=', mediaId).execute();
  await db
    .deleteFrom('person_boxes')
    .where('media_id', '=', mediaId)
    .where('source', '=', 'face')
    .where('status', '=', 'suggested')
    .where('person_id', 'is', null)
    .execute();
  await db.deleteFrom('face_scans').where('media_id', '=', mediaId).execute();
  return db
    .selectFrom('person_boxes')
    .select(['id', 'x', 'y', 'w', 'h', 'status', 'person_id'])
    .where('media_id', '=', mediaId)
    .execute();
}

/** A face in a box that names a person, on another item than `exceptMedia`, for the look-alike search. */
export interface NamedFace {
  id: string;
  descriptor: number[];
  person_id: string;
}

/**
 * The faces a suggestion may look like: in a confirmed box that names a person who is not private
 * (a private person is never offered, not even to staff: their wish is not to be named).
 */
function namedFaces(db: Db) {
  return db
    .selectFrom('media_faces as f')
    .innerJoin('person_boxes as b', 'b.id', 'f.box_id')
    .innerJoin('people as p', 'p.id', 'b.person_id')
    .select(['f.id', 'f.media_id', 'f.descriptor', 'b.person_id'])
    .where('b.status', '=', 'confirmed')
    .where('p.is_private', '=', false);
}

/** A page of the named faces on other items than `exceptMedia` (keyset by face id). */
export function listNamedFaces(db: Db, exceptMedia: string, limit: number, after?: string) {
  let query = namedFaces(db).where('f.media_id', '<>', exceptMedia);
  if (after) query = query.where('f.id', '>', after);
  return query.orderBy('f.id').limit(limit).execute() as Promise<NamedFace[]>;
}

/** Which of these faces are named now (see namedFaces), with their items. */
export function listNamedFacesAmong(db: Db, faceIds: string[]) {
  if (faceIds.length === 0) return Promise.resolve([]);
  return namedFaces(db).where('f.id', 'in', faceIds).execute() as Promise<
    (NamedFace & { media_id: string })[]
  >;
}

/** The faces in a box (the job put them there, or in the box staff drew around them). */
export async function listFaceIdsOfBox(db: Db, boxId: string): Promise<string[]> {
  const rows = await db.selectFrom('media_faces').select('id').where('box_id', '=', boxId).execute();
  return rows.map((row) => row.id);
}

/** The faces in the confirmed boxes that name a person. */
export async function listFaceIdsOfPerson(db: Db, personId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('media_faces as f')
    .innerJoin('person_boxes as b', 'b.id', 'f.box_id')
    .select('f.id')
    .where('b.person_id', '=', personId)
    .execute();
  return rows.map((row) => row.id);
}

/** An open offer's face: in the job's own undecided, unnamed box. */
export interface SuggestionFace {
  id: string;
  media_id: string;
  box_id: string;
  descriptor: number[];
  look_alike_face_id: string | null;
  look_alike_distance: number | null;
}

function suggestionFaces(db: Db) {
  return db
    .selectFrom('media_faces as f')
    .innerJoin('person_boxes as b', 'b.id', 'f.box_id')
    .select([
      'f.id',
      'f.media_id',
      'f.box_id',
      'f.descriptor',
      'f.look_alike_face_id',
      'f.look_alike_distance',
    ])
    .where('b.source', '=', 'face')
    .where('b.status', '=', 'suggested')
    .where('b.person_id', 'is', null);
}

/** The open offers whose look-alike is one of these faces (media_faces_look_alike_idx). */
export function listSuggestionFacesLike(db: Db, faceIds: string[]) {
  if (faceIds.length === 0) return Promise.resolve([]);
  return suggestionFaces(db)
    .where('f.look_alike_face_id', 'in', faceIds)
    .orderBy('f.id')
    .execute() as Promise<SuggestionFace[]>;
}

/** A page of every open offer's face (keyset by face id). */
export function listSuggestionFaces(db: Db, limit: number, after?: string) {
  let query = suggestionFaces(db);
  if (after) query = query.where('f.id', '>', after);
  return query.orderBy('f.id').limit(limit).execute() as Promise<SuggestionFace[]>;
}

/** An offer's look-alike set anew (or dropped): on its face, and the person and how alike on its box. */
export async function setLookAlike(
  db: Db,
  face: { id: string; box_id: string },
  like: { faceId: string; personId: string; distance: number } | undefined,
) {
  await db
    .updateTable('media_faces')
    .set({ look_alike_face_id: like?.faceId ?? null, look_alike_distance: like?.distance ?? null })
    .where('id', '=', face.id)
    .execute();
  await db
    .updateTable('person_boxes')
    .set({
      suggested_person_id: like?.personId ?? null,
      confidence: like ? Math.max(0, Math.min(1, 1 - like.distance)) : null,
      updated_at: new Date(),
    })
    .where('id', '=', face.box_id)
    .execute();
}

export function createSuggestedBox(
  db: Db,
  values: {
    mediaId: string;
    x: number;
    y: number;
    w: number;
    h: number;
    confidence: number | null;
    suggestedPersonId: string | null;
  },
) {
  return db
    .insertInto('person_boxes')
    .values({
      media_id: values.mediaId,
      person_id: null,
      x: values.x,
      y: values.y,
      w: values.w,
      h: values.h,
      source: 'face',
      status: 'suggested',
      suggested_person_id: values.suggestedPersonId,
      confidence: values.confidence,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function createFace(
  db: Db,
  values: {
    mediaId: string;
    boxId: string | null;
    x: number;
    y: number;
    w: number;
    h: number;
    score: number;
    descriptor: number[];
    lookAlikeFaceId: string | null;
    lookAlikeDistance: number | null;
  },
) {
  return db
    .insertInto('media_faces')
    .values({
      media_id: values.mediaId,
      box_id: values.boxId,
      x: values.x,
      y: values.y,
      w: values.w,
      h: values.h,
      score: values.score,
      descriptor: values.descriptor,
      look_alike_face_id: values.lookAlikeFaceId,
      look_alike_distance: values.lookAlikeDistance,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function recordScan(db: Db, mediaId: string, faces: number, error: string | null) {
  await db
    .insertInto('face_scans')
    .values({ media_id: mediaId, faces, error: error?.slice(0, 500) ?? null })
    .onConflict((oc) =>
      oc
        .column('media_id')
        .doUpdateSet({ faces, error: error?.slice(0, 500) ?? null, scanned_at: new Date() }),
    )
    .execute();
}

/**
 * Everything the job made goes: every descriptor, every scan record, and the boxes it suggested
 * that staff have not taken (unnamed and undecided, or dismissed). Boxes staff confirmed or named
 * are theirs now and stay. Answers how many suggestions went.
 */
export async function deleteAllFaceData(db: Db): Promise<number> {
  await db.deleteFrom('media_faces').execute();
  await db.deleteFrom('face_scans').execute();
  const boxes = await db
    .deleteFrom('person_boxes')
    .where('source', '=', 'face')
    .where((eb) =>
      eb.or([
        eb('status', '=', 'dismissed'),
        eb.and([eb('status', '=', 'suggested'), eb('person_id', 'is', null)]),
      ]),
    )
    .executeTakeFirst();
  return Number(boxes.numDeletedRows);
}

/** How far the job has got: images scanned, images waiting, faces found, suggestions open. */
export function faceJobProgress(db: Db) {
  return db
    .selectNoFrom((eb) => [
      eb.selectFrom('face_scans').select(eb.fn.countAll<string>().as('n')).as('scanned'),
      eb
        .selectFrom('media_items')
        .select(eb.fn.countAll<string>().as('n'))
        .where('media_type', '=', 'image')
        .as('images'),
      eb.selectFrom('media_faces').select(eb.fn.countAll<string>().as('n')).as('faces'),
      eb
        .selectFrom('person_boxes')
        .select(eb.fn.countAll<string>().as('n'))
        .where('source', '=', 'face')
        .where('status', '=', 'suggested')
        .as('suggestions'),
    ])
    .executeTakeFirstOrThrow();
}

export type FaceJobProgressRow = Awaited<ReturnType<typeof faceJobProgress>>;

/** An item's open face suggestions, each with its look-alike's person and the item that names them. */
export function listItemSuggestions(db: Db, mediaId: string) {
  return db
    .selectFrom('person_boxes as b')
    .leftJoin('media_faces as f', 'f.box_id', 'b.id')
    .leftJoin('media_faces as like', 'like.id', 'f.look_alike_face_id')
    .leftJoin('person_boxes as likeBox', 'likeBox.id', 'like.box_id')
    .leftJoin('people as p', 'p.id', 'likeBox.person_id')
    .leftJoin('media_items as likeItem', 'likeItem.id', 'like.media_id')
    .select([
      'b.id',
      'b.x',
      'b.y',
      'b.w',
      'b.h',
      'b.confidence',
      'f.score',
      'f.look_alike_distance',
      'p.id as person_id',
      'p.name as person_name',
      'likeItem.id as like_media_id',
      'likeItem.display_id as like_display_id',
    ])
    .where('b.media_id', '=', mediaId)
    .where('b.source', '=', 'face')
    .where('b.status', '=', 'suggested')
    .orderBy('b.x')
    .orderBy('b.id')
    .execute();
}

/** Whether an item exists (staff see suggestions of public and private items alike). */
export async function mediaExists(db: Db, mediaId: string): Promise<boolean> {
  const row = await db.selectFrom('media_items').select('id').where('id', '=', mediaId).executeTakeFirst();
  return row !== undefined;
}

/** Queued face jobs are dropped when the job is switched off (they would find it off anyway). */
export async function deleteQueuedFaceJobs(db: Db, kinds: string[]): Promise<void> {
  await db.deleteFrom('jobs').where('kind', 'in', kinds).where('status', '=', 'queued').execute();
}
