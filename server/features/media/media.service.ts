import { listKnowledgeCredits } from '../knowledge/knowledge.public.ts';
import { nearDuplicatesOf, storedHashes } from '#server/media/perceptual/near-duplicates.ts';
import { createReadStream } from 'node:fs';
import { originalDateColumns } from './original-date.ts';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { ActivityAction } from '#common/activity.ts';
import type {
  AdminMediaStats,
  adminMediaListQuery,
  BulkMediaBody,
  CreateMediaFromUploadBody,
  UpdateMediaBody,
  UploadMediaFields,
} from '#common/api/media.ts';
import type { MediaType } from '#common/enums.ts';
import { type Actor, can } from '#common/permissions.ts';
import { rightsStatement } from '#common/rights.ts';
import type { MediaItemRow } from '#server/db/schema.ts';
import type { Db } from '#server/db/database.ts';
import { sharedAnswer } from '#server/db/data-versions.ts';
import { countOnceKey, isFirstInWindow } from '#server/http/rate-limit.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { createJob } from '#server/jobs/jobs.repository.ts';
import { listDerivatives, listDerivativesOf } from '#server/media/derivatives/derivatives.repository.ts';
import { listPlayableCopiesOf } from '#server/media/derivatives/playable-copies.repository.ts';
import { type DerivativesPayload, derivativesJobKind } from '#server/media/derivatives/make-derivatives.ts';
import { titleFromFileName } from '#common/file-types.ts';
import { ingestFile, recordStoredFile } from '#server/media/ingest/ingest-file.ts';
import { currentWatermarkColumns, getSettings, newItemRights } from '../settings/settings.public.ts';
import { getCategory } from '../categories/categories.public.ts';
import { getFolder } from '../folders/folders.public.ts';
import { getPlace } from '../places/places.public.ts';
import { logActivity } from '../activity/activity.public.ts';
import { assertOwnUpload, consumeFinishedUpload } from '../uploads/uploads.service.ts';
import * as repo from './media.repository.ts';
import { presentAdminMedia, presentMedia, presentMediaStats } from './media.presenter.ts';

/**
 * A staff upload sent in one request (multipart): the file goes through the one ingest path; the
 * item records the watermark settings in force now, so later changes leave it as it was
 * (admin-back-office.md §4).
 */
export async function uploadMedia(
  ctx: AppContext,
  actor: Actor,
  { file, fields }: { file: { stream: Readable; fileName: string }; fields: UploadMediaFields },
) {
  authorize(actor, 'media:manage');
  await assertPlacesExist(ctx.db, fields);
  return storeNewMedia(ctx, actor, file, fields);
}

/**
 * A staff upload sent through the resumable endpoint (the upload screen): the finished upload
 * becomes one item, once, through the same ingest path; only the staff member who sent the bytes
 * may turn them into an item.
 */
export async function createMediaFromUpload(
  ctx: AppContext,
  actor: Actor,
  {
    uploadId,
    uploadOwner,
    ...fields
  }: CreateMediaFromUploadBody & {
    /** Who is asking (their session): only an upload's maker may claim it. */
    uploadOwner: string | undefined;
  },
) {
  authorize(actor, 'media:manage');
  await assertOwnUpload(ctx, uploadId, uploadOwner);
  await assertPlacesExist(ctx.db, fields);
  return consumeFinishedUpload(ctx, uploadId, (upload, markSent) =>
    storeNewMedia(
      ctx,
      actor,
      { stream: createReadStream(upload.path), fileName: upload.fileName },
      fields,
      markSent,
    ),
  );
}

/**
 * One file of a bulk import (`npm run import`, server/import/): the same ingest and record as a
 * staff upload, read from the importer's disk; the activity row says it came by import and from
 * which file.
 */
export async function importMedia(
  ctx: AppContext,
  actor: Actor,
  { path, fileName, relativePath }: { path: string; fileName: string; relativePath: string },
  fields: UploadMediaFields,
) {
  authorize(actor, 'media:manage');
  await assertPlacesExist(ctx.db, fields);
  return storeNewMedia(ctx, actor, { stream: createReadStream(path), fileName }, fields, undefined, {
    via: 'import',
    file: relativePath,
  });
}

/**
 * Ingests the file and records its item (and its derivatives job) in one transaction, with
 * `inTransaction` (the upload claim's mark) in it too.
 */
async function storeNewMedia(
  ctx: AppContext,
  actor: NonNullable<Actor>,
  file: { stream: Readable; fileName: string },
  fields: UploadMediaFields,
  inTransaction: (trx: Db) => Promise<void> = async () => {},
  activityDetails?: Record<string, unknown>,
) {
  const ingested = await ingestFile({ blobs: ctx.blobs, tmpDir: ctx.tmpDir }, file.stream, {
    context: 'upload',
    originalName: file.fileName,
  });
  const watermark = await currentWatermarkColumns(ctx.db);
  const rights = await newItemRights(ctx.db, fields);
  const place = await newItemPlace(ctx.db, fields);
  const needsDerivatives = ingested.mediaType !== 'document';
  const row = await recordStoredFile(ctx.blobs, ingested, () =>
    ctx.db.transaction().execute(async (trx) => {
      const created = await repo.createMedia(trx, {
        title: fields.title ?? titleFromFileName(ingested.fileName),
        description: fields.description ?? null,
        photographer: fields.photographer ?? null,
        location: fields.location ?? null,
        ...originalDateColumns(fields.originalDate ?? null),
        source: fields.source ?? null,
        keywords: fields.keywords ?? [],
        category_id: fields.categoryId ?? null,
        folder_id: fields.folderId ?? null,
        is_public: fields.isPublic ?? true,
        is_featured: fields.isFeatured ?? false,
        historical_context: fields.historicalContext ?? null,
        technical_notes: fields.technicalNotes ?? null,
        copyright_status: fields.copyrightStatus ?? 'unknown',
        ...rights,
        copyright_holder: fields.copyrightHolder ?? null,
        commercial_use_allowed: fields.commercialUseAllowed ?? false,
        attribution_required: fields.attributionRequired ?? true,
        attribution_text: fields.attributionText ?? null,
        ...place,
        media_type: ingested.mediaType,
        file_key: ingested.fileKey,
        file_name: ingested.fileName,
        file_size: ingested.fileSize,
        mime_type: ingested.mimeType,
        sha256: ingested.sha256,
        width: ingested.width,
        height: ingested.height,
        placeholder: ingested.placeholder,
        file_metadata: ingested.metadata,
        dhash: ingested.hashes?.upright ?? null,
        dhash_turns: ingested.hashes?.turns ?? null,
        processing_status: needsDerivatives ? 'pending' : 'ready',
        ...watermark,
        created_by: actor.id,
      });
      if (needsDerivatives) {
        const payload: DerivativesPayload = { ownerType: 'media', ownerId: created.id };
        await createJob(trx, derivativesJobKind(ingested.mediaType), { ...payload });
      }
      await logActivity(trx, actor, 'media.created', {
        id: created.id,
        name: created.title,
        ...(activityDetails ? { details: activityDetails } : {}),
      });
      await inTransaction(trx);
      return created;
    }),
  );
  if (needsDerivatives) ctx.jobs.wake(derivativesJobKind(ingested.mediaType));
  // Staff see at once which items the new picture looks like (issue 29).
  const nearDuplicates = await nearDuplicatesOf(ctx.db, storedHashes(row), row.id);
  return { media: presentMedia(row, [], { canSeeOriginal: true }), nearDuplicates };
}

/**
 * The category, folder and place an item is put in must exist (a clear 400, not a foreign-key 500).
 */
async function assertPlacesExist(
  db: Db,
  place: { categoryId?: string | null; folderId?: string | null; placeId?: string | null },
) {
  if (place.categoryId && !(await getCategory(db, place.categoryId)))
    throw badRequest('The chosen category no longer exists.', 'UNKNOWN_REFERENCE');
  if (place.folderId && !(await getFolder(db, place.folderId)))
    throw badRequest('The chosen folder no longer exists.', 'UNKNOWN_REFERENCE');
  if (place.placeId && !(await getPlace(db, place.placeId)))
    throw badRequest('The chosen place no longer exists.', 'UNKNOWN_REFERENCE');
}

/**
 * A new item's place and point (issue 28 §3), by the edit's rules: the point sent (both
 * coordinates or neither: the schema's rule), else the chosen place's, else none. GPS read from the
 * file is never taken by itself.
 */
async function newItemPlace(
  db: Db,
  fields: Pick<UploadMediaFields, 'placeId' | 'latitude' | 'longitude'>,
): Promise<{ place_id: string | null; latitude: number | null; longitude: number | null }> {
  const place = fields.placeId ? await getPlace(db, fields.placeId) : null;
  if (fields.placeId && !place) throw badRequest('The chosen place no longer exists.', 'UNKNOWN_REFERENCE');
  if (fields.latitude != null && fields.longitude != null)
    return { place_id: place?.id ?? null, latitude: fields.latitude, longitude: fields.longitude };
  return {
    place_id: place?.id ?? null,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
  };
}

/**
 * One item: public ones for everyone, the rest for content staff only (404 to others: no hint it
 * exists). Deliberate (issue 30): the spec shows 'Media Not Found' for any item not public; staff
 * who manage content see the page of a non-public item, to check it before they publish it.
 */
export async function getMediaItem(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  // Everyone who does not manage content is shown the public item, or nothing (common/permissions.ts
  // 'media:read'): the same answer for all of them, kept until the content changes
  // (server/db/data-versions.ts), so a media page costs no query while nothing changed.
  const canManage = can(actor, 'media:manage');
  const item = canManage
    ? await makeMediaItem(ctx, actor, id)
    : await sharedAnswer(ctx.db, `media ${id}`, () => makeMediaItem(ctx, null, id), 'items');
  if (!item) throw notFound('Media not found or not public');
  return item;
}

async function makeMediaItem(ctx: AppContext, actor: Actor, id: string) {
  const row = await repo.getMedia(ctx.db, id);
  if (!row || !can(actor, 'media:read', mediaResource(row))) return null;
  // Content staff get the original and the camera data read from the file; everyone else the
  // public files (the presenter knows which originals are public).
  const [derivatives, credits, place] = await Promise.all([
    listDerivatives(ctx.db, 'media', id),
    listKnowledgeCredits(ctx.db, id),
    row.place_id ? getPlace(ctx.db, row.place_id) : undefined,
  ]);
  return {
    ...presentMedia(row, derivatives, { canSeeOriginal: can(actor, 'media:manage') }),
    credits,
    place: place
      ? {
          id: place.id,
          nameFo: place.name_fo,
          nameEn: place.name_en,
          latitude: place.latitude,
          longitude: place.longitude,
        }
      : null,
  };
}

/** An item as the permission rules see it. */
export const mediaResource = (row: { is_public: boolean; media_type: MediaType }) =>
  ({ kind: 'media', isPublic: row.is_public, mediaType: row.media_type }) as const;

/**
 * Opening a media page counts a view (public-site.md §4): the count and a usage-log row, once per
 * client address in COUNT_ONCE_WINDOW_SECONDS; a repeat answers the count unchanged. The view is
 * queued and reaches the item's row within seconds (view-counts.ts, ctx.views); the answer
 * counts it already.
 */
export async function recordMediaView(
  ctx: AppContext,
  _actor: Actor,
  input: { id: string; userAgent: string | null; ip: string },
) {
  const counted = await isFirstInWindow(ctx.db, countOnceKey('view', input.id, input.ip));
  const viewCount = await repo.recordView(ctx.db, input.id, input.userAgent?.slice(0, 500) ?? null, counted);
  if (viewCount === null) throw notFound('Media not found or not public');
  if (counted) ctx.views.noteQueued();
  return { viewCount };
}

/** Editing an item's fields (admin-back-office.md §5); only the fields sent change. */
export async function updateMedia(
  ctx: AppContext,
  actor: Actor,
  { id, ...body }: UpdateMediaBody & { id: string },
) {
  authorize(actor, 'media:manage');
  await assertPlacesExist(ctx.db, body);
  const columns: Record<keyof UpdateMediaBody, string> = {
    title: 'title',
    description: 'description',
    photographer: 'photographer',
    location: 'location',
    originalDate: 'original_date',
    source: 'source',
    keywords: 'keywords',
    categoryId: 'category_id',
    folderId: 'folder_id',
    isPublic: 'is_public',
    isFeatured: 'is_featured',
    historicalContext: 'historical_context',
    technicalNotes: 'technical_notes',
    copyrightStatus: 'copyright_status',
    rights: 'rights',
    copyrightHolder: 'copyright_holder',
    commercialUseAllowed: 'commercial_use_allowed',
    attributionRequired: 'attribution_required',
    attributionText: 'attribution_text',
    placeId: 'place_id',
    latitude: 'latitude',
    longitude: 'longitude',
  };
  const newPlace = (body.placeId ? await getPlace(ctx.db, body.placeId) : null) ?? null;
  if (body.placeId && !newPlace) throw badRequest('The chosen place no longer exists.', 'UNKNOWN_REFERENCE');
  const sent = Object.entries(body).filter(([, value]) => value !== undefined);
  const values = Object.fromEntries(
    sent.flatMap(([field, value]) =>
      // The original date is written with what was understood of it.
      field === 'originalDate'
        ? Object.entries(originalDateColumns((value as string | null) ?? null))
        : [
            [
              columns[field as keyof UpdateMediaBody],
              // No keywords (null) is stored as an empty list.
              field === 'keywords' && value === null ? [] : value,
            ],
          ],
    ),
  );
  // The toggles are logged as what they did; any other field as an edit.
  const actions: ActivityAction[] = [];
  if (body.isPublic !== undefined) actions.push(body.isPublic ? 'media.published' : 'media.unpublished');
  if (body.isFeatured !== undefined) actions.push(body.isFeatured ? 'media.featured' : 'media.unfeatured');
  if (actions.length === 0 || sent.some(([field]) => field !== 'isPublic' && field !== 'isFeatured'))
    actions.push('media.updated');
  const row = await ctx.db.transaction().execute(async (trx) => {
    const before =
      body.rights !== undefined || body.copyrightStatus !== undefined ? await repo.getMedia(trx, id) : null;
    if (body.placeId !== undefined) Object.assign(values, await pointWithPlace(trx, id, body, newPlace));
    const updated = await repo.updateMedia(trx, id, values);
    if (!updated) throw notFound('Media not found');
    if (before) await remarkIfRightsFreed(trx, [before], [updated]);
    for (const action of actions) await logActivity(trx, actor, action, { id, name: updated.title });
    return updated;
  });
  return presentMedia(row, await listDerivatives(ctx.db, 'media', id), { canSeeOriginal: true });
}

/**
 * The point an item gets when staff choose its place (issue 28 §3): the point sent, else the one it
 * has of its own, else the place's. A point that was its old place's (taken when that place was
 * chosen) follows the place: it becomes the new place's, or none with no place.
 */
async function pointWithPlace(
  trx: Db,
  id: string,
  body: Pick<UpdateMediaBody, 'latitude' | 'longitude'>,
  newPlace: { latitude: number; longitude: number } | null,
): Promise<{ latitude?: number | null; longitude?: number | null }> {
  if (body.latitude !== undefined) {
    // A place chosen with the point fields left empty: the place's point.
    if (body.latitude === null && newPlace)
      return { latitude: newPlace.latitude, longitude: newPlace.longitude };
    return {};
  }
  const current = await repo.getMediaForUpdate(trx, id);
  if (!current) return {};
  const oldPlace = current.place_id ? await getPlace(trx, current.place_id) : null;
  const followsOldPlace =
    current.latitude === null ||
    (oldPlace !== null &&
      oldPlace !== undefined &&
      oldPlace.latitude === current.latitude &&
      oldPlace.longitude === current.longitude);
  if (!followsOldPlace) return {};
  return { latitude: newPlace?.latitude ?? null, longitude: newPlace?.longitude ?? null };
}

/** Every item for the media screen, filtered, sorted and paged (admin-back-office.md §2, §5). */
export async function listAdminMedia(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof adminMediaListQuery>,
) {
  authorize(actor, 'media:manage');
  const { sort, cursor, limit, ...filters } = query;
  const page = await repo.listAdminMedia(ctx.db, filters, sort, cursor, limit);
  const derivatives = await listDerivativesOf(
    ctx.db,
    'media',
    page.rows.map((row) => row.id),
  );
  const byOwner = new Map<string, typeof derivatives>();
  for (const d of derivatives) byOwner.set(d.owner_id, [...(byOwner.get(d.owner_id) ?? []), d]);
  const copies = new Map(
    (
      await listPlayableCopiesOf(
        ctx.db,
        page.rows
          .filter((row) => row.media_type === 'video' || row.media_type === 'audio')
          .map((row) => row.id),
      )
    ).map((c) => [c.media_id, c]),
  );
  return {
    items: page.rows.map((row) =>
      presentAdminMedia(row, byOwner.get(row.id) ?? [], copies.get(row.id) ?? null),
    ),
    total: page.total,
    nextCursor: page.nextCursor,
  };
}

/** The six tiles of the media screen, exact. */
export async function getAdminMediaStats(
  ctx: AppContext,
  actor: Actor,
  _input: Record<string, never>,
): Promise<AdminMediaStats> {
  authorize(actor, 'media:manage');
  return presentMediaStats(await repo.getMediaStats(ctx.db));
}

/**
 * Stored files of deleted rows go once the deletion has committed (a rolled-back delete keeps its
 * files); a file that cannot be deleted is logged and left for cleanup, never an error to staff.
 */
async function removeStoredFiles(ctx: AppContext, fileKeys: string[]) {
  const results = await Promise.allSettled(fileKeys.map((key) => ctx.blobs.delete(key)));
  results.forEach((result, i) => {
    if (result.status === 'rejected')
      ctx.logger.warn({ err: result.reason, fileKey: fileKeys[i] }, 'could not delete a stored file');
  });
}

/** Deletes an item with its slides, its original and its derivatives. */
export async function deleteMedia(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  authorize(actor, 'media:manage');
  const fileKeys = await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.getMedia(trx, id);
    if (!row) throw notFound('Media not found');
    authorize(actor, 'media:manage', mediaResource(row));
    const deleted = await repo.deleteMediaMany(trx, [id]);
    await logActivity(trx, actor, 'media.deleted', { id, name: row.title });
    return deleted.fileKeys;
  });
  await removeStoredFiles(ctx, fileKeys);
}

/**
 * With the site setting 'watermark_follows_rights' on, an item whose statement becomes (or stops
 * being) CC0 or the Public Domain Mark has its pictures made again, without (or with) its mark
 * (the derivatives job reads the setting: derivatives.repository.ts); queued in the transaction.
 */
export async function remarkIfRightsFreed(
  trx: Db,
  before: readonly Pick<MediaItemRow, 'id' | 'rights'>[],
  after: readonly Pick<MediaItemRow, 'id' | 'rights' | 'media_type'>[],
) {
  const { watermark_follows_rights: follows } = await getSettings(trx, ['watermark_follows_rights']);
  if (follows !== 'true') return;
  const free = (uri: string | undefined) => rightsStatement(uri)?.publicDomain === true;
  const was = new Map(before.map((row) => [row.id, free(row.rights)]));
  for (const row of after) {
    if (row.media_type === 'document' || was.get(row.id) === free(row.rights)) continue;
    await createJob(trx, derivativesJobKind(row.media_type), { ownerType: 'media', ownerId: row.id });
  }
}

const BULK_FLAGS = {
  publish: { column: 'is_public', value: true, action: 'media.published' },
  unpublish: { column: 'is_public', value: false, action: 'media.unpublished' },
  feature: { column: 'is_featured', value: true, action: 'media.featured' },
  unfeature: { column: 'is_featured', value: false, action: 'media.unfeatured' },
} as const;

/**
 * One action on many items, all or nothing: each item is checked and logged on its own; items
 * already as asked (or gone) are not counted. Answers how many changed.
 */
export async function bulkUpdateMedia(ctx: AppContext, actor: Actor, body: BulkMediaBody) {
  authorize(actor, 'media:manage');
  if (body.action === 'move') await assertPlacesExist(ctx.db, body);
  const place = body.action === 'place' && body.placeId ? await getPlace(ctx.db, body.placeId) : null;
  if (body.action === 'place' && body.placeId && !place)
    throw badRequest('The chosen place no longer exists.', 'UNKNOWN_REFERENCE');
  const ids = [...new Set(body.ids)];
  const { changed, fileKeys } = await ctx.db.transaction().execute(async (trx) => {
    const rows = await repo.getMediaMany(trx, ids);
    for (const row of rows) authorize(actor, 'media:manage', mediaResource(row));
    if (body.action === 'delete') {
      const deleted = await repo.deleteMediaMany(
        trx,
        rows.map((r) => r.id),
      );
      for (const row of rows) await logActivity(trx, actor, 'media.deleted', { id: row.id, name: row.title });
      return { changed: deleted.ids.length, fileKeys: deleted.fileKeys };
    }
    if (body.action === 'move') {
      const values = {
        ...(body.categoryId !== undefined ? { category_id: body.categoryId } : {}),
        ...(body.folderId !== undefined ? { folder_id: body.folderId } : {}),
      };
      const updated = await repo.updateMediaMany(
        trx,
        rows.map((r) => r.id),
        values,
      );
      for (const row of rows)
        await logActivity(trx, actor, 'media.updated', {
          id: row.id,
          name: row.title,
          details: { categoryId: body.categoryId, folderId: body.folderId },
        });
      return { changed: updated.length, fileKeys: [] };
    }
    if (body.action === 'place') {
      // Each item's point follows as in an edit (pointWithPlace): kept when it is its own.
      const updated = await repo.setPlaceMany(
        trx,
        rows.map((r) => r.id),
        place ? { id: place.id, latitude: place.latitude, longitude: place.longitude } : null,
      );
      const changed = new Set(updated.map((r) => r.id));
      for (const row of rows.filter((r) => changed.has(r.id)))
        await logActivity(trx, actor, 'media.updated', {
          id: row.id,
          name: row.title,
          details: { placeId: body.placeId },
        });
      return { changed: updated.length, fileKeys: [] };
    }
    if (body.action === 'rights') {
      // The copyright status follows in the database (migration 0018).
      const targets = rows.filter((row) => row.rights !== body.rights);
      const updated = await repo.updateMediaMany(
        trx,
        targets.map((r) => r.id),
        { rights: body.rights },
      );
      await remarkIfRightsFreed(
        trx,
        targets,
        targets.map((row) => ({ ...row, rights: body.rights ?? row.rights })),
      );
      for (const row of targets)
        await logActivity(trx, actor, 'media.updated', {
          id: row.id,
          name: row.title,
          details: { rights: body.rights },
        });
      return { changed: updated.length, fileKeys: [] };
    }
    const flag = BULK_FLAGS[body.action];
    const targets = rows.filter((row) => row[flag.column] !== flag.value);
    const updated = await repo.updateMediaMany(
      trx,
      targets.map((r) => r.id),
      { [flag.column]: flag.value },
    );
    for (const row of targets) await logActivity(trx, actor, flag.action, { id: row.id, name: row.title });
    return { changed: updated.length, fileKeys: [] };
  });
  await removeStoredFiles(ctx, fileKeys);
  return { changed };
}
