import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { ActivityAction } from '#common/activity.ts';
import type {
  adminDocumentListQuery,
  UpdateDocumentBody,
  UploadDocumentFields,
} from '#common/api/documents.ts';
import type { DocumentCategory } from '#common/enums.ts';
import type { Actor } from '#common/permissions.ts';
import { authorize } from '#server/http/authorize.ts';
import type { AppContext } from '#server/http/context.ts';
import { countOnceKey, isFirstInWindow } from '#server/http/rate-limit.ts';
import { notFound } from '#server/errors.ts';
import { titleFromFileName } from '#common/file-types.ts';
import { ingestFile, recordStoredFile } from '#server/media/ingest/ingest-file.ts';
import { storedFileColumns } from '#server/media/ingest/stored-file-columns.ts';
import { logActivity } from '../activity/activity.public.ts';
import { presentDocument, presentDocumentStats } from './documents.presenter.ts';
import * as repo from './documents.repository.ts';
import { sharedAnswer } from '#server/db/data-versions.ts';

/** A document upload (admin-back-office.md §5): one file, 25 MB, pdf/doc/docx/txt/xls/xlsx. */
export async function uploadDocument(
  ctx: AppContext,
  actor: Actor,
  { file, fields }: { file: { stream: Readable; fileName: string }; fields: UploadDocumentFields },
) {
  authorize(actor, 'document:manage');
  const ingested = await ingestFile({ blobs: ctx.blobs, tmpDir: ctx.tmpDir }, file.stream, {
    context: 'document',
    originalName: file.fileName,
  });
  const row = await recordStoredFile(ctx.blobs, ingested, () =>
    ctx.db.transaction().execute(async (trx) => {
      const created = await repo.createDocument(trx, {
        title: fields.title ?? titleFromFileName(ingested.fileName),
        description: fields.description ?? null,
        category: fields.category ?? 'mentanardagarnar',
        is_public: fields.isPublic ?? true,
        is_featured: fields.isFeatured ?? false,
        ...storedFileColumns(ingested),
        created_by: actor.id,
      });
      await logActivity(trx, actor, 'document.created', { id: created.id, name: created.title });
      return created;
    }),
  );
  return presentDocument(row);
}

/** The header's document button: the newest public document of a category. */
export async function getLatestDocument(
  ctx: AppContext,
  _actor: Actor,
  { category }: { category: DocumentCategory },
) {
  return sharedAnswer(ctx.db, `latest document ${category}`, async () => {
    const row = await repo.getLatestPublicDocument(ctx.db, category);
    return { document: row ? presentDocument(row) : null };
  });
}

/**
 * Downloading a public document counts it (public-site.md §4), once per client address in
 * COUNT_ONCE_WINDOW_SECONDS; a repeat answers the count unchanged.
 */
export async function countDownload(ctx: AppContext, _actor: Actor, { id, ip }: { id: string; ip: string }) {
  const counted = await isFirstInWindow(ctx.db, countOnceKey('document-download', id, ip));
  // A repeat by the same client moments ago: the count as it is.
  const downloadCount = counted
    ? await repo.incrementDocumentDownloads(ctx.db, id, { publicOnly: true })
    : await publicDownloadCount(ctx, id);
  if (downloadCount === undefined) throw notFound('Document not found');
  return { downloadCount };
}

async function publicDownloadCount(ctx: AppContext, id: string) {
  const row = await repo.getDocument(ctx.db, id);
  return row?.is_public ? row.download_count : undefined;
}

/** Every document for the documents screen, searched, filtered and paged. */
export async function listAdminDocuments(
  ctx: AppContext,
  actor: Actor,
  query: z.output<typeof adminDocumentListQuery>,
) {
  authorize(actor, 'document:manage');
  const { sort, cursor, limit, ...filters } = query;
  const page = await repo.listAdminDocuments(ctx.db, filters, sort, cursor, limit);
  return { items: page.rows.map(presentDocument), total: page.total, nextCursor: page.nextCursor };
}

/** The documents screen's tiles, exact. */
export async function getAdminDocumentStats(ctx: AppContext, actor: Actor, _input: Record<string, never>) {
  authorize(actor, 'document:manage');
  return presentDocumentStats(await repo.getDocumentStats(ctx.db));
}

/** Inline edit (title, description) and the public/featured toggles; each logged as what it did. */
export async function updateDocument(
  ctx: AppContext,
  actor: Actor,
  { id, ...body }: UpdateDocumentBody & { id: string },
) {
  authorize(actor, 'document:manage');
  const values = {
    ...(body.title !== undefined ? { title: body.title } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.isPublic !== undefined ? { is_public: body.isPublic } : {}),
    ...(body.isFeatured !== undefined ? { is_featured: body.isFeatured } : {}),
  };
  const actions: ActivityAction[] = [];
  if (body.isPublic !== undefined)
    actions.push(body.isPublic ? 'document.published' : 'document.unpublished');
  if (body.isFeatured !== undefined)
    actions.push(body.isFeatured ? 'document.featured' : 'document.unfeatured');
  if (body.title !== undefined || body.description !== undefined || actions.length === 0)
    actions.push('document.updated');
  const row = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.getDocumentForUpdate(trx, id);
    if (!current) throw notFound('Document not found');
    authorize(actor, 'document:manage', { kind: 'document', isPublic: current.is_public });
    const updated = Object.keys(values).length > 0 ? await repo.updateDocument(trx, id, values) : current;
    if (!updated) throw notFound('Document not found');
    for (const action of actions) await logActivity(trx, actor, action, { id, name: updated.title });
    return updated;
  });
  return presentDocument(row);
}

/**
 * Deletes a document and, once that has committed, its stored file (a file that cannot be
 * deleted is logged for cleanup, never an error to staff: the row is gone either way).
 */
export async function deleteDocument(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  authorize(actor, 'document:manage');
  const fileKey = await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.getDocumentForUpdate(trx, id);
    if (!row) throw notFound('Document not found');
    await repo.deleteDocument(trx, id);
    await logActivity(trx, actor, 'document.deleted', { id, name: row.title });
    return row.file_key;
  });
  await ctx.blobs.delete(fileKey).catch((err: unknown) => {
    ctx.logger.warn({ err, fileKey }, 'could not delete a stored file');
  });
}

/** A staff download from the documents screen: counted every time, public or not (§7: +1). */
export async function countStaffDownload(ctx: AppContext, actor: Actor, { id }: { id: string }) {
  authorize(actor, 'document:manage');
  const downloadCount = await repo.incrementDocumentDownloads(ctx.db, id, { publicOnly: false });
  if (downloadCount === undefined) throw notFound('Document not found');
  return { downloadCount };
}
