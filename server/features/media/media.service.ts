import type { Readable } from 'node:stream';
import type { UploadMediaFields, UpdateMediaBody } from '../../../common/api.ts';
import { type Actor, can } from '../../../common/permissions.ts';
import { authorize } from '../../http/authorize.ts';
import type { AppContext } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { createJob } from '../../jobs/jobs.repository.ts';
import { listDerivatives } from '../../media/derivatives/derivatives.repository.ts';
import { DERIVATIVES_JOB, type DerivativesPayload } from '../../media/derivatives/make-derivatives.ts';
import { ingestFile, recordStoredFile, titleFromFileName } from '../../media/ingest/ingest-file.ts';
import { currentWatermarkColumns } from '../settings/current-watermark.ts';
import { createMedia, getMedia, updateMediaRow } from './media.repository.ts';
import { presentMedia } from './media.presenter.ts';

/**
 * A staff upload: the file goes through the one ingest path; the item records the watermark
 * settings in force now, so later changes leave it as it was (admin-back-office.md §4).
 */
export async function uploadMedia(
  ctx: AppContext,
  actor: Actor,
  file: { stream: Readable; fileName: string },
  fields: UploadMediaFields,
) {
  authorize(actor, 'media:manage');
  await assertExists(ctx, 'categories', fields.categoryId, 'The chosen category no longer exists.');
  await assertExists(ctx, 'folders', fields.folderId, 'The chosen folder no longer exists.');
  const ingested = await ingestFile({ blobs: ctx.blobs, tmpDir: ctx.tmpDir }, file.stream, {
    context: 'upload',
    originalName: file.fileName,
  });
  const watermark = await currentWatermarkColumns(ctx.db);
  const needsDerivatives = ingested.mediaType !== 'document';
  const row = await recordStoredFile(ctx.blobs, ingested, () =>
    ctx.db.transaction().execute(async (trx) => {
      const created = await createMedia(trx, {
        title: fields.title ?? titleFromFileName(ingested.fileName),
        description: fields.description ?? null,
        photographer: fields.photographer ?? null,
        location: fields.location ?? null,
        original_date: fields.originalDate ?? null,
        source: fields.source ?? null,
        keywords: fields.keywords ?? [],
        category_id: fields.categoryId ?? null,
        folder_id: fields.folderId ?? null,
        is_public: fields.isPublic ?? true,
        is_featured: fields.isFeatured ?? false,
        historical_context: fields.historicalContext ?? null,
        technical_notes: fields.technicalNotes ?? null,
        copyright_status: fields.copyrightStatus ?? 'unknown',
        copyright_holder: fields.copyrightHolder ?? null,
        commercial_use_allowed: fields.commercialUseAllowed ?? false,
        attribution_required: fields.attributionRequired ?? true,
        attribution_text: fields.attributionText ?? null,
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
        processing_status: needsDerivatives ? 'pending' : 'ready',
        ...watermark,
        created_by: actor.id,
      });
      if (needsDerivatives) {
        const payload: DerivativesPayload = { ownerType: 'media', ownerId: created.id };
        await createJob(trx, DERIVATIVES_JOB, { ...payload });
      }
      return created;
    }),
  );
  ctx.jobs.wake();
  return presentMedia(row, [], { canSeeOriginal: true });
}

async function assertExists(
  ctx: AppContext,
  table: 'categories' | 'folders',
  id: string | null | undefined,
  message: string,
) {
  if (!id) return;
  const row = await ctx.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw badRequest(message, 'UNKNOWN_REFERENCE');
}

/** One item: public ones for everyone, the rest for staff only (404 to others: no hint it exists). */
export async function getMediaItem(ctx: AppContext, actor: Actor, id: string) {
  const row = await getMedia(ctx.db, id);
  const staff = can(actor, 'media:read-private');
  if (!row || (!row.is_public && !staff)) throw notFound('Media not found or not public');
  return presentMedia(row, await listDerivatives(ctx.db, 'media', id), { canSeeOriginal: staff });
}

/** Editing an item's fields (admin-back-office.md §5); only the fields sent change. */
export async function updateMedia(ctx: AppContext, actor: Actor, id: string, body: UpdateMediaBody) {
  authorize(actor, 'media:manage');
  await assertExists(ctx, 'categories', body.categoryId, 'The chosen category no longer exists.');
  await assertExists(ctx, 'folders', body.folderId, 'The chosen folder no longer exists.');
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
    copyrightHolder: 'copyright_holder',
    commercialUseAllowed: 'commercial_use_allowed',
    attributionRequired: 'attribution_required',
    attributionText: 'attribution_text',
  };
  const values = Object.fromEntries(
    Object.entries(body)
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => [columns[field as keyof UpdateMediaBody], value]),
  );
  const row = await updateMediaRow(ctx.db, id, values);
  if (!row) throw notFound('Media not found');
  return presentMedia(row, await listDerivatives(ctx.db, 'media', id), { canSeeOriginal: true });
}
